import type pg from 'pg';
import type { DigestCount, DigestEvent, DigestItem } from './digest-payloads.js';
import { digestHour, dueDigestPeriod, type DigestKind } from './digest-period.js';
import { papAllowsSharing, VIEW_PAGES, type ViewMatch } from './view-pages.js';

/**
 * Digests: for each enabled daily or weekly rule, once its period has closed, the worker gathers the
 * period's events and queues ONE delivery per channel with the event_key digest:<period end>. The
 * unique (rule, channel, event_key) and the rule's row in private.notification_digest_cursors (taken
 * FOR UPDATE) make the assembly idempotent: a restarted worker, or two at once, never sends a period
 * twice. A period starts where the last one ended (nothing is lost while the worker was down) and
 * never before the rule was made. An empty period sends nothing. Per channel, items above its TLP
 * ceiling are counted as withheld and never listed.
 */
const TLPS = ['clear', 'green', 'amber', 'amber+strict', 'red'];
/** How many items a digest lists (chat messages show the first five). */
export const DIGEST_TOP = 10;

interface DigestRule {
  id: string;
  name: string;
  event_kind: string;
  digest: DigestKind;
  created_at: Date;
  view_page: string | null;
  view_query: string | null;
  owner_id: string | null;
  cursor: Date | null;
}

interface Summary {
  total: number;
  withheld: number;
  /** Events within the ceiling whose PAP (AMBER or above) keeps them inside the platform. */
  withheld_pap: number;
  counts: DigestCount[];
  items: DigestItem[];
}

export async function captureDigests(
  db: pg.Client,
  options: { now?: Date } = {},
): Promise<{ queued: number; errors: string[] }> {
  const { rows: rules } = await db.query<DigestRule>(`
    select r.id, r.name, r.event_kind::text, r.digest::text as digest, r.created_at, r.view_page, r.view_query,
           r.owner_id, cur.period_end as cursor
      from public.notification_rules r
      left join private.notification_digest_cursors cur on cur.rule_id = r.id
     where r.enabled and r.digest <> 'none'`);
  if (rules.length === 0) return { queued: 0, errors: [] };
  const { rows: clock } = await db.query<{ now: Date; hour: unknown }>(
    `select now() as now, (select s.value from public.settings s where s.key = 'notifications.digest_hour') as hour`,
  );
  const now = options.now ?? clock[0]!.now;
  const hour = digestHour(clock[0]!.hour);
  let queued = 0;
  const errors: string[] = [];
  for (const rule of rules) {
    const { end } = dueDigestPeriod(rule.digest, now, hour);
    if (rule.cursor && rule.cursor.getTime() >= end.getTime()) continue;
    await db.query('begin');
    try {
      queued += await assemble(db, rule, end, now);
      await db.query('commit');
    } catch (error) {
      await db.query('rollback');
      errors.push(`digest "${rule.name}": ${(error as Error).message}`);
    }
  }
  return { queued, errors };
}

async function assemble(db: pg.Client, rule: DigestRule, end: Date, now: Date): Promise<number> {
  // Take the rule's cursor row: a second worker waits here and then sees the period done.
  await db.query(
    `insert into private.notification_digest_cursors (rule_id, period_end) values ($1, '-infinity')
     on conflict (rule_id) do nothing`,
    [rule.id],
  );
  const { rows: cursor } = await db.query<{ period_end: Date | string }>(
    'select period_end from private.notification_digest_cursors where rule_id = $1 for update',
    [rule.id],
  );
  const previous = cursor[0]!.period_end;
  const previousEnd = previous instanceof Date ? previous : null; // '-infinity' comes back as a string
  if (previousEnd && previousEnd.getTime() >= end.getTime()) return 0;
  const periodLength = (rule.digest === 'daily' ? 1 : 7) * 86_400_000;
  const start = new Date(
    Math.max(previousEnd?.getTime() ?? end.getTime() - periodLength, rule.created_at.getTime()),
  );
  let queued = 0;
  if (start.getTime() < end.getTime()) {
    const { rows: channels } = await db.query<{ id: string; max_tlp: string }>(
      `select c.id, c.max_tlp::text from public.notification_rule_channels rc
         join public.notification_channels c on c.id = rc.channel_id and c.enabled where rc.rule_id = $1`,
      [rule.id],
    );
    const matches =
      rule.event_kind === 'saved_view' ? await viewMatches(db, rule, start, end, now) : undefined;
    for (const channel of channels) {
      const summary = matches
        ? summariseMatches(matches, channel.max_tlp)
        : await summariseEvents(db, rule.id, start, end, channel.max_tlp);
      if (summary.total + summary.withheld + summary.withheld_pap === 0) continue;
      const event = digestEvent(rule, start, end, summary);
      const { rowCount } = await db.query(
        `insert into public.notification_deliveries (rule_id, channel_id, event_key, event_kind, event, tlp, status, next_attempt_at)
         values ($1, $2, $3, 'digest', $4, $5::public.tlp_level, 'pending', now())
         on conflict on constraint notification_deliveries_once do nothing`,
        [rule.id, channel.id, `digest:${end.toISOString()}`, event, event.tlp],
      );
      queued += rowCount ?? 0;
    }
  }
  await db.query('update private.notification_digest_cursors set period_end = $2 where rule_id = $1', [
    rule.id,
    end,
  ]);
  return queued;
}

async function summariseEvents(
  db: pg.Client,
  ruleId: string,
  start: Date,
  end: Date,
  ceiling: string,
): Promise<Summary> {
  const { rows } = await db.query<{ summary: Summary }>(
    'select private.notification_digest_summary($1, $2, $3, $4::public.tlp_level, $5) as summary',
    [ruleId, start, end, ceiling, DIGEST_TOP],
  );
  const summary = rows[0]!.summary;
  return {
    ...summary,
    total: Number(summary.total),
    withheld: Number(summary.withheld),
    withheld_pap: Number(summary.withheld_pap ?? 0),
  };
}

async function viewMatches(
  db: pg.Client,
  rule: DigestRule,
  start: Date,
  end: Date,
  now: Date,
): Promise<ViewMatch[]> {
  const matcher = rule.view_page && rule.owner_id ? VIEW_PAGES[rule.view_page] : undefined;
  if (!matcher) throw new Error(`the page ${rule.view_page ?? '(none)'} cannot be evaluated as a saved view`);
  return matcher(
    db,
    { view_query: rule.view_query ?? '', owner_id: rule.owner_id! },
    { since: start, until: end, now },
  );
}

/** A saved view's matches as a digest for one ceiling (pure: the unit tests call it). */
export function summariseMatches(matches: ViewMatch[], ceiling: string, top = DIGEST_TOP): Summary {
  const limit = TLPS.indexOf(ceiling);
  const withinTlp = matches.filter((m) => TLPS.indexOf(m.tlp) <= limit);
  const shown = withinTlp.filter((m) => papAllowsSharing(m.pap));
  const counts = new Map<string, number>();
  for (const m of shown) counts.set(m.severity ?? '', (counts.get(m.severity ?? '') ?? 0) + 1);
  return {
    total: shown.length,
    withheld: matches.length - withinTlp.length,
    withheld_pap: withinTlp.length - shown.length,
    counts: [...counts].map(([severity, count]) => ({
      kind: 'saved_view',
      severity: severity || null,
      count,
    })),
    items: shown.slice(0, top).map((m) => ({
      kind: 'saved_view',
      title: m.title,
      severity: m.severity,
      tlp: m.tlp,
      occurred_at: m.created_at.toISOString(),
      value: m.value,
      value_type: m.value_type,
      score: m.score,
      path: m.path,
    })),
  };
}

function digestEvent(rule: DigestRule, start: Date, end: Date, summary: Summary): DigestEvent {
  const shownTlps = summary.items.map((i) => TLPS.indexOf(i.tlp));
  return {
    kind: 'digest',
    id: `${rule.id}:${end.toISOString()}`,
    digest: rule.digest,
    rule: rule.name,
    rule_kind: rule.event_kind,
    title: `${rule.digest === 'daily' ? 'Daily' : 'Weekly'} digest: ${rule.name}`,
    severity: null,
    // The highest marking among what the message lists (counts carry no content).
    tlp: TLPS[Math.max(0, ...shownTlps)]!,
    occurred_at: end.toISOString(),
    period_start: start.toISOString(),
    period_end: end.toISOString(),
    ...summary,
    path:
      rule.event_kind === 'saved_view'
        ? `/platform/${rule.view_page}${rule.view_query ? `?${rule.view_query}` : ''}`
        : rule.event_kind === 'import_failed'
          ? '/platform/system-config'
          : '/platform/threat-intelligence-hub?status=all',
  };
}
