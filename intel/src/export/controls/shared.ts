/**
 * The export writers for security controls live in supabase/functions/_shared/controls/, shared with
 * the `feeds` edge function (Deno), which serves the same exports over HTTP; intel reads them here.
 */
export * from '../../../../supabase/functions/_shared/controls/control-row.ts';
export * from '../../../../supabase/functions/_shared/controls/control-writer.ts';
export * from '../../../../supabase/functions/_shared/controls/csv-list.ts';
export * from '../../../../supabase/functions/_shared/controls/firewall.ts';
export * from '../../../../supabase/functions/_shared/controls/formats.ts';
export * from '../../../../supabase/functions/_shared/controls/model.ts';
export * from '../../../../supabase/functions/_shared/controls/render.ts';
export * from '../../../../supabase/functions/_shared/controls/rpz.ts';
export * from '../../../../supabase/functions/_shared/controls/summary.ts';
export * from '../../../../supabase/functions/_shared/controls/suricata-sid.ts';
export * from '../../../../supabase/functions/_shared/controls/suricata-text.ts';
export * from '../../../../supabase/functions/_shared/controls/suricata.ts';
export * from '../../../../supabase/functions/_shared/controls/text-list.ts';
export * from '../../../../supabase/functions/_shared/controls/zeek-intel.ts';
