import type pg from 'pg';
import { papAllowsSharing, VIEW_PAGES, type ViewMatch } from './view-pages.js';

export { defang, iocViewArgs, type ViewArgs } from './view-pages.js';

/**
 * "Notify me" rules: a page's URL filters, evaluated by the worker AS THE RULE'S OWNER (role
 * `authenticated` with the owner's JWT claims, inside a transaction), through the same RPC or table
 * the page lists from, so the owner's access limits apply (no TLP:RED unless the owner may read it).
 * Only results that entered the platform after the rule's cursor count as new; each evaluation with
 * new matches becomes one message listing them (a bulk import gives one e-mail, not hundreds).
 * Supported pages: view-pages.ts (IOC Intelligence, Threat Intelligence Hub). Digest rules are
 * gathered by digest.ts instead.
 */
const TLPS = ['clear', 'green', 'amber', 'amber+strict', 'red'];
/** How many values a message lists. */
const LISTED = 20;

interface ViewRule {
  id: string;
  name: string;
  view_page: string;
  view_query: string;
  owner_id: string;
  view_cursor: Date;
  ceiling: string | null;
}

/** Evaluates every enabled immediate saved-view rule: deliveries queued, and the rules that failed (the others go on). */
export async function captureSavedViews(db: pg.Client): Promise<{ queued: number; errors: string[] }> {
  const { rows: rules } = await db.query<ViewRule>(
    `
    select r.id, r.name, r.view_page, r.view_query, r.owner_id, r.view_cursor,
           (select min(c.max_tlp)::text from public.notification_rule_channels rc
              join public.notification_channels c on c.id = rc.channel_id and c.enabled where rc.rule_id = r.id) as ceiling
      from public.notification_rules r
     where r.enabled and r.event_kind = 'saved_view' and r.digest = 'none' and r.owner_id is not null
       and r.view_page = any($1::text[])`,
    [Object.keys(VIEW_PAGES)],
  );
  let queued = 0;
  const errors: string[] = [];
  for (const rule of rules) {
    if (!rule.ceiling) continue;
    await db.query('begin');
    try {
      queued += await evaluate(db, rule);
      await db.query('commit');
    } catch (error) {
      await db.query('rollback');
      errors.push(`saved view "${rule.name}": ${(error as Error).message}`);
    }
  }
  return { queued, errors };
}

async function evaluate(db: pg.Client, rule: ViewRule): Promise<number> {
  const { rows: clock } = await db.query<{ now: Date }>('select now()');
  const now = clock[0]!.now;
  const matches: ViewMatch[] = await VIEW_PAGES[rule.view_page]!(db, rule, {
    since: rule.view_cursor,
    until: new Date('9999-12-31T00:00:00Z'),
    now,
  });
  await db.query('update public.notification_rules set view_cursor = $2 where id = $1', [rule.id, now]);
  const order = TLPS.indexOf(rule.ceiling!);
  const withinTlp = matches.filter((m) => TLPS.indexOf(m.tlp) <= order);
  const sendable = withinTlp.filter((m) => papAllowsSharing(m.pap));
  if (sendable.length === 0) return 0;
  const tlp = TLPS[Math.max(...sendable.map((m) => TLPS.indexOf(m.tlp)))]!;
  const event = {
    kind: 'saved_view',
    id: `${rule.id}:${now.toISOString()}`,
    title: `${sendable.length} new result${sendable.length === 1 ? '' : 's'} in "${rule.name}"`,
    severity: null,
    tlp,
    occurred_at: now.toISOString(),
    count: sendable.length,
    left_out_above_tlp: matches.length - withinTlp.length,
    left_out_pap: withinTlp.length - sendable.length,
    values: sendable.slice(0, LISTED).map((m) => m.line),
    path: `/platform/${rule.view_page}${rule.view_query ? `?${rule.view_query}` : ''}`,
    rule: rule.name,
  };
  const { rowCount } = await db.query(
    `insert into public.notification_deliveries (rule_id, channel_id, event_key, event_kind, event, tlp, status, next_attempt_at, last_error)
     select $1, c.id, $2, 'saved_view', $3, $4::public.tlp_level,
            case when private.notification_tlp_check($4, c.max_tlp) is null then 'pending' else 'skipped' end::public.notification_status,
            case when private.notification_tlp_check($4, c.max_tlp) is null then now() end,
            private.notification_tlp_check($4, c.max_tlp)
       from public.notification_rule_channels rc join public.notification_channels c on c.id = rc.channel_id and c.enabled
      where rc.rule_id = $1
     on conflict on constraint notification_deliveries_once do nothing`,
    [rule.id, `view:${event.id}`, event, tlp],
  );
  return rowCount ?? 0;
}
