import type { IndicatorType } from './model.ts';
import type { ControlWriter } from './control-writer.ts';
import { csvWriter } from './csv-list.ts';
import { ipsetWriter, nftablesWriter } from './firewall.ts';
import { rpzWriter } from './rpz.ts';
import { suricataWriter } from './suricata.ts';
import { textWriter } from './text-list.ts';
import { zeekIntelWriter } from './zeek-intel.ts';

/** Export formats for security controls; misp-feed writes a folder (misp-feed.ts), the others one file. */
export const CONTROL_FORMATS = [
  'zeek-intel',
  'suricata',
  'rpz',
  'text',
  'nftables',
  'iptables',
  'csv',
  'misp-feed',
] as const;
export type ControlFormat = (typeof CONTROL_FORMATS)[number];
export const isControlFormat = (name: string): name is ControlFormat =>
  (CONTROL_FORMATS as readonly string[]).includes(name);

export interface WriterOptions {
  types: readonly IndicatorType[] | null;
  sidBase: number;
  listStem: string;
  rpzWildcard: boolean;
}

export function controlWriter(format: Exclude<ControlFormat, 'misp-feed'>, o: WriterOptions): ControlWriter {
  switch (format) {
    case 'zeek-intel':
      return zeekIntelWriter();
    case 'suricata':
      return suricataWriter({ sidBase: o.sidBase, listStem: o.listStem });
    case 'rpz':
      return rpzWriter({ wildcard: o.rpzWildcard });
    case 'text':
      return textWriter(o.types);
    case 'nftables':
      return nftablesWriter(o.types);
    case 'iptables':
      return ipsetWriter(o.types);
    case 'csv':
      return csvWriter();
  }
}
