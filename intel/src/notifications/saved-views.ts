import type pg from 'pg';

/**
 * "Notify me" rules: a page's URL filters, evaluated by the worker AS THE RULE'S OWNER (role
 * `authenticated` with the owner's JWT claims, inside a transaction), through the same RPC the page
 * calls, so the owner's access limits apply (no TLP:RED unless the owner may read it). Only
 * indicators that entered the knowledge base after the rule's cursor count as new; each evaluation
 * with new matches becomes one message listing them (a bulk import gives one e-mail, not hundreds).
 * Supported page: ioc-intelligence (its view schema: frontend/src/features/indicators/schemas/indicator-filters.ts).
 */
const SEEN_DAYS: Record<string, number> = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 };
const INDICATOR_TYPE = /^[a-z0-9-]{1,40}$/;
const TLPS = ['clear', 'green', 'amber', 'amber+strict', 'red'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
/** How many of the newest matches are read per evaluation (search_indicators allows 500). */
const WINDOW = 200;
/** How many values a message lists. */
const LISTED = 20;

export interface ViewArgs {
  _value: string | null;
  _types: string[] | null;
  _tlps: string[] | null;
  _source_id: string | null;
  _min_confidence: number | null;
  _min_score: number | null;
  _seen_since: string | null;
  _malware_id: string | null;
  _revoked: boolean | null;
}

const int = (value: string | null, max: number) => {
  const n = value === null ? NaN : Number(value);
  return Number.isInteger(n) && n >= 0 && n <= max ? n : null;
};

/** The IOC page's URL query as search_indicators arguments; what does not parse is left out, as the page does. */
export function iocViewArgs(query: string, now = new Date()): ViewArgs {
  const params = new URLSearchParams(query);
  const types = params.getAll('type').filter((t) => INDICATOR_TYPE.test(t));
  const tlps = params.getAll('tlp').filter((t) => TLPS.includes(t));
  const seen = SEEN_DAYS[params.get('seen') ?? ''];
  const source = params.get('source');
  const malware = params.get('malware');
  const status = params.get('status') ?? 'active';
  return {
    _value: params.get('q')?.trim().slice(0, 500) || null,
    _types: types.length ? types : null,
    _tlps: tlps.length ? tlps : null,
    _source_id: source && UUID.test(source) ? source : null,
    _min_confidence: int(params.get('minConfidence'), 100),
    _min_score: int(params.get('minScore'), 100),
    _seen_since: seen ? new Date(now.getTime() - seen * 86_400_000).toISOString() : null,
    _malware_id: malware && /^[a-z0-9-]+--[0-9a-f-]{36}$/.test(malware) ? malware : null,
    _revoked: status === 'revoked' ? true : status === 'all' ? null : false,
  };
}

/** A value made unclickable for mail clients and chat: dots and schemes defanged. */
export function defang(value: string): string {
  return value.replace(/\./g, '[.]').replace(/^http/i, 'hxxp').replace(/@/g, '[@]');
}

interface ViewRule {
  id: string;
  name: string;
  view_page: string;
  view_query: string;
  owner_id: string;
  view_cursor: Date;
  ceiling: string | null;
}

interface Match {
  id: string;
  type: string;
  value: string;
  tlp: string;
  score: number | null;
}

/** Evaluates every enabled immediate saved-view rule: deliveries queued, and the rules that failed (the others go on). */
export async function captureSavedViews(db: pg.Client): Promise<{ queued: number; errors: string[] }> {
  const { rows: rules } = await db.query<ViewRule>(`
    select r.id, r.name, r.view_page, r.view_query, r.owner_id, r.view_cursor,
           (select min(c.max_tlp)::text from public.notification_rule_channels rc
              join public.notification_channels c on c.id = rc.channel_id and c.enabled where rc.rule_id = r.id) as ceiling
      from public.notification_rules r
     where r.enabled and r.event_kind = 'saved_view' and r.digest = 'none' and r.owner_id is not null
       and r.view_page = 'ioc-intelligence'`);
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
  const args = iocViewArgs(rule.view_query, now);
  await db.query(`select set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: rule.owner_id, role: 'authenticated' }),
  ]);
  await db.query('set local role authenticated');
  const { rows: matches } = await db.query<Match>(
    `select s.id, s.type::text, s.value, s.tlp::text, s.score from public.search_indicators(
       _types => $1::public.indicator_type[], _tlps => $2::public.tlp_level[], _source_id => $3, _min_confidence => $4,
       _seen_since => $5, _malware_id => $6, _revoked => $7, _value => $8, _sort => 'last_seen', _limit => $9,
       _min_score => $10) s`,
    [
      args._types,
      args._tlps,
      args._source_id,
      args._min_confidence,
      args._seen_since,
      args._malware_id,
      args._revoked,
      args._value,
      WINDOW,
      args._min_score,
    ],
  );
  await db.query('reset role');
  await db.query(`select set_config('request.jwt.claims', '', true)`);
  const { rows: fresh } = await db.query<{ id: string }>(
    'select id from public.indicators where id = any($1::bigint[]) and created_at > $2',
    [matches.map((m) => m.id), rule.view_cursor],
  );
  await db.query('update public.notification_rules set view_cursor = $2 where id = $1', [rule.id, now]);
  const freshIds = new Set(fresh.map((f) => f.id));
  const order = TLPS.indexOf(rule.ceiling!);
  const newMatches = matches.filter((m) => freshIds.has(m.id));
  const sendable = newMatches.filter((m) => TLPS.indexOf(m.tlp) <= order);
  if (sendable.length === 0) return 0;
  const tlp = TLPS[Math.max(...sendable.map((m) => TLPS.indexOf(m.tlp)))]!;
  const listed = sendable
    .slice(0, LISTED)
    .map((m) => `${m.type} ${defang(m.value)}${m.score === null ? '' : ` (score ${m.score})`}`);
  const event = {
    kind: 'saved_view',
    id: `${rule.id}:${now.toISOString()}`,
    title: `${sendable.length} new result${sendable.length === 1 ? '' : 's'} in "${rule.name}"`,
    severity: null,
    tlp,
    occurred_at: now.toISOString(),
    count: sendable.length,
    left_out_above_tlp: newMatches.length - sendable.length,
    values: listed,
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
