import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captureDigests } from '../src/notifications/digest.js';
import type { DigestEvent } from '../src/notifications/digest-payloads.js';
import { captureSavedViews } from '../src/notifications/saved-views.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { openDb } from './helpers/db.js';

/**
 * "Notify me" on the Threat Intelligence Hub: the page's URL filters (severity, status…) evaluated
 * as the rule's owner over enhanced_security_alerts, the table the page lists; only alerts newer
 * than the rule, matching the filters and at or below the channel's ceiling are listed, once; the
 * same rule as a daily digest gathers the day's matches.
 */
describe('notify me on the Threat Intelligence Hub', () => {
  let db: pg.Client;
  let ruleId: string;
  const tag = `Hub view ${process.pid}`;

  beforeAll(async () => {
    db = await openDb();
    await db.query('delete from public.notification_rules');
    await db.query('delete from public.notification_channels');
    const analyst = await signedInAnalyst();
    const { data, error } = await analyst.rpc('notify_me', {
      _page: 'threat-intelligence-hub',
      _query: 'severity=critical%2Chigh&status=open',
      _name: 'Critical and high alerts',
    });
    expect(error).toBeNull();
    ruleId = (data as { id: string }).id;
    const { rows } = await db.query<{ id: string }>(
      `insert into public.indicators (type, value, tlp) values ('domain', $1, 'red'), ('domain', $2, 'green') returning id`,
      [`red-${process.pid}.hub.example`, `green-${process.pid}.hub.example`],
    );
    await db.query(
      `insert into public.enhanced_security_alerts (title, severity, status, indicator_id) values
         ($1 || ' critical', 'critical', 'new', $3),
         ($1 || ' high resolved', 'high', 'resolved', null),
         ($1 || ' low', 'low', 'new', null),
         ($1 || ' red', 'critical', 'new', $2)`,
      [tag, rows[0]!.id, rows[1]!.id],
    );
  });

  afterAll(async () => {
    await db.query('delete from public.enhanced_security_alerts where title like $1', [`${tag}%`]);
    await db.query(`delete from public.indicators where value like '%-${process.pid}.hub.example'`);
    await db.query('delete from public.notification_rules');
    await db.query('delete from public.notification_channels');
    await db.end();
  });

  it('lists the new matching alerts the owner may read, once', async () => {
    expect(await captureSavedViews(db)).toEqual({ queued: 1, errors: [] });
    const { rows } = await db.query<{
      event: { values: string[]; count: number; path: string; tlp: string };
    }>(`select event from public.notification_deliveries where rule_id = $1`, [ruleId]);
    expect(rows).toHaveLength(1);
    const event = rows[0]!.event;
    expect(event.count).toBe(1);
    expect(event.tlp).toBe('green');
    expect(event.values).toEqual([
      `[CRITICAL] ${tag} critical (domain green-${process.pid}[.]hub[.]example)`,
    ]);
    expect(event.path).toBe('/platform/threat-intelligence-hub?severity=critical%2Chigh&status=open');
    expect(JSON.stringify(event)).not.toContain(`${tag} red`);
    expect(JSON.stringify(event)).not.toContain(`${tag} low`);
    expect(JSON.stringify(event)).not.toContain('resolved');
    expect(await captureSavedViews(db)).toEqual({ queued: 0, errors: [] });
  });

  it('gathers the same view into a daily digest', async () => {
    await db.query(
      // The rule keeps its creation time: a digest never reaches back before its rule, so only the
      // alerts made after it count (other files' alerts of the same day stay out).
      `update public.notification_rules set digest = 'daily' where id = $1`,
      [ruleId],
    );
    const { rows: clock } = await db.query<{ end: Date }>(
      `select date_trunc('day', now() + interval '17 hours') + interval '7 hours' as end`,
    );
    // Two minutes after the first 07:00 UTC still to come: the period holding the alerts above.
    const end = clock[0]!.end;
    expect(await captureDigests(db, { now: new Date(end.getTime() + 180_000) })).toEqual({
      queued: 1,
      errors: [],
    });
    const { rows } = await db.query<{ event: DigestEvent }>(
      `select event from public.notification_deliveries where rule_id = $1 and event_key like 'digest:%'`,
      [ruleId],
    );
    expect(rows[0]!.event).toMatchObject({
      kind: 'digest',
      total: 1,
      counts: [{ kind: 'saved_view', severity: 'critical', count: 1 }],
    });
    expect(rows[0]!.event.items.map((i) => i.title)).toEqual([`${tag} critical`]);
    expect(JSON.stringify(rows[0]!.event)).not.toContain(`red-${process.pid}`);
  });
});
