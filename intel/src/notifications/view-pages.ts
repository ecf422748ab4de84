import type pg from 'pg';
import { oneLine } from './event.js';

const SEEN_DAYS: Record<string, number> = { '24h': 1, '7d': 7, '30d': 30, '90d': 90 };
const INDICATOR_TYPE = /^[a-z0-9-]{1,40}$/;
const TLPS = ['clear', 'green', 'amber', 'amber+strict', 'red'];
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

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

/** PAP:CLEAR and PAP:GREEN may leave the platform; AMBER and RED never do (private.pap_allows_sharing). */
export function papAllowsSharing(pap: string): boolean {
  return pap === 'clear' || pap === 'green';
}

/** A value made unclickable for mail clients and chat: dots and schemes defanged. */
export function defang(value: string): string {
  return value.replace(/\./g, '[.]').replace(/^http/i, 'hxxp').replace(/@/g, '[@]');
}

/**
 * The pages whose URL filters a "notify me" rule can evaluate, each through the same RPC or table
 * the page lists from, run AS THE RULE'S OWNER (role authenticated with the owner's JWT claims), so
 * the owner's access limits apply. A matcher runs inside the caller's transaction and returns the
 * matches that entered the platform in [since, until), newest first, at most WINDOW of them. Their
 * TLP is read afterwards by the worker (the owner may not read an alert's indicator, but the alert
 * still carries its marking).
 */
export interface ViewMatch {
  id: string;
  created_at: Date;
  title: string;
  value: string | null;
  value_type: string | null;
  severity: string | null;
  score: number | null;
  tlp: string;
  /** Its PAP (the indicator's; CLEAR without one): AMBER and above never leave the platform. */
  pap: string;
  /** Path into the app for this match. */
  path: string;
  /** The message's line for it, inert (values defanged). */
  line: string;
}

export interface ViewRuleRef {
  view_query: string;
  owner_id: string;
}

type Matcher = (
  db: pg.Client,
  rule: ViewRuleRef,
  range: { since: Date; until: Date; now: Date },
) => Promise<ViewMatch[]>;

/** How many of the newest matches are read per evaluation. */
export const WINDOW = 200;

/** Runs `work` with the owner's identity (inside the caller's transaction), then back to the worker's. */
export async function asOwner<T>(db: pg.Client, ownerId: string, work: () => Promise<T>): Promise<T> {
  await db.query(`select set_config('request.jwt.claims', $1, true)`, [
    JSON.stringify({ sub: ownerId, role: 'authenticated' }),
  ]);
  await db.query('set local role authenticated');
  try {
    return await work();
  } finally {
    await db.query('reset role');
    await db.query(`select set_config('request.jwt.claims', '', true)`);
  }
}

const iocIntelligence: Matcher = async (db, rule, { since, until, now }) => {
  const args = iocViewArgs(rule.view_query, now);
  const matches = await asOwner(db, rule.owner_id, async () => {
    const { rows } = await db.query<{ id: string; type: string; value: string; score: number | null }>(
      `select s.id, s.type::text, s.value, s.score from public.search_indicators(
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
    return rows;
  });
  const { rows: fresh } = await db.query<{ id: string; created_at: Date; tlp: string; pap: string }>(
    `select id, created_at, tlp::text, private.indicator_pap(id)::text as pap from public.indicators
      where id = any($1::bigint[]) and created_at >= $2 and created_at < $3`,
    [matches.map((m) => m.id), since, until],
  );
  const byId = new Map(fresh.map((f) => [f.id, f]));
  return matches.flatMap((m) => {
    const row = byId.get(m.id);
    if (!row) return [];
    return [
      {
        id: m.id,
        created_at: row.created_at,
        title: `New ${m.type}`,
        value: m.value,
        value_type: m.type,
        severity: null,
        score: m.score,
        tlp: row.tlp,
        pap: row.pap,
        path: `/platform/ioc-intelligence?open=${encodeURIComponent(m.id)}&status=all`,
        line: `${m.type} ${defang(m.value)}${m.score === null ? '' : ` (score ${m.score})`}`,
      },
    ];
  });
};

const ALERT_STATUSES = ['new', 'acknowledged', 'investigating', 'resolved', 'dismissed'];
const OPEN_STATUSES = ['new', 'acknowledged', 'investigating'];
const ALERT_SEVERITIES = ['critical', 'high', 'medium', 'low'];
const ALERT_WINDOW_DAYS: Record<string, number> = { '24h': 1, '7d': 7, '30d': 30 };

export interface AlertViewArgs {
  statuses: string[] | null;
  severities: string[] | null;
  category: string | null;
  assignee: { kind: 'none' } | { kind: 'unassigned' } | { kind: 'user'; id: string };
  createdSince: Date | null;
}

/**
 * The Threat Intelligence Hub's URL query (frontend/src/features/alerts/schemas/alert-filters.ts and
 * api/list-alerts.ts) as the list's filters: status (open = new, acknowledged, investigating; all),
 * severity (repeated or comma-separated), category, assignee (me, unassigned, a user id), window.
 * What does not parse is ignored, as the page ignores it.
 */
export function alertViewArgs(query: string, ownerId: string, now = new Date()): AlertViewArgs {
  const params = new URLSearchParams(query);
  const status = params.get('status') ?? 'open';
  const severities = params
    .getAll('severity')
    .flatMap((s) => s.split(','))
    .filter((s) => ALERT_SEVERITIES.includes(s));
  const assignee = params.get('assignee');
  const days = ALERT_WINDOW_DAYS[params.get('window') ?? ''];
  return {
    statuses: status === 'all' ? null : ALERT_STATUSES.includes(status) ? [status] : [...OPEN_STATUSES],
    severities: severities.length ? severities : null,
    category: params.get('category')?.slice(0, 100) || null,
    assignee:
      assignee === 'unassigned'
        ? { kind: 'unassigned' }
        : assignee === 'me'
          ? { kind: 'user', id: ownerId }
          : assignee && UUID.test(assignee)
            ? { kind: 'user', id: assignee }
            : { kind: 'none' },
    createdSince: days ? new Date(now.getTime() - days * 86_400_000) : null,
  };
}

const threatIntelligenceHub: Matcher = async (db, rule, { since, until, now }) => {
  const args = alertViewArgs(rule.view_query, rule.owner_id, now);
  // The page reads the table through PostgREST under RLS; the same select, as the owner.
  const alerts = await asOwner(db, rule.owner_id, async () => {
    const { rows } = await db.query<{
      id: string;
      created_at: Date;
      title: string;
      severity: string;
      value: string | null;
      value_type: string | null;
    }>(
      `select a.id, a.created_at, a.title, a.severity::text, i.value, i.type::text as value_type
         from public.enhanced_security_alerts a
         left join public.indicators i on i.id = a.indicator_id
        where ($1::text[] is null or a.status::text = any($1))
          and ($2::text[] is null or a.severity::text = any($2))
          and ($3::text is null or a.category = $3)
          and ($4::text = 'none' or ($4 = 'unassigned' and a.assigned_to is null) or a.assigned_to = $5::uuid)
          and ($6::timestamptz is null or a.created_at >= $6)
          and a.created_at >= $7 and a.created_at < $8
        order by a.created_at desc, a.id desc
        limit $9`,
      [
        args.statuses,
        args.severities,
        args.category,
        args.assignee.kind,
        args.assignee.kind === 'user' ? args.assignee.id : null,
        args.createdSince,
        since,
        until,
        WINDOW,
      ],
    );
    return rows;
  });
  // An alert's marking is its indicator's (TLP:AMBER without one), as the capture pass has it; so is
  // its PAP (CLEAR without one).
  const { rows: marks } = await db.query<{ id: string; tlp: string; pap: string }>(
    `select a.id, coalesce(i.tlp, 'amber')::text as tlp,
            case when i.id is null then 'clear' else private.indicator_pap(i.id)::text end as pap
       from public.enhanced_security_alerts a
       left join public.indicators i on i.id = a.indicator_id where a.id = any($1::uuid[])`,
    [alerts.map((a) => a.id)],
  );
  const tlp = new Map(marks.map((m) => [m.id, m.tlp]));
  const pap = new Map(marks.map((m) => [m.id, m.pap]));
  return alerts.map((a) => ({
    id: a.id,
    created_at: a.created_at,
    title: a.title,
    value: a.value,
    value_type: a.value_type,
    severity: a.severity,
    score: null,
    tlp: tlp.get(a.id) ?? 'amber',
    pap: pap.get(a.id) ?? 'clear',
    path: `/platform/threat-intelligence-hub?alert=${encodeURIComponent(a.id)}`,
    line: `[${a.severity.toUpperCase()}] ${oneLine(a.title)}${a.value ? ` (${a.value_type} ${defang(a.value)})` : ''}`,
  }));
};

export const VIEW_PAGES: Record<string, Matcher> = {
  'ioc-intelligence': iocIntelligence,
  'threat-intelligence-hub': threatIntelligenceHub,
};
