import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { deliverDue } from '../src/notifications/deliver.js';
import { captureDigests } from '../src/notifications/digest.js';
import type { DigestEvent } from '../src/notifications/digest-payloads.js';
import { addNotification, listNotifications } from '../src/notifications/manage.js';
import type { NotificationSettings } from '../src/notifications/settings.js';
import { openDb } from './helpers/db.js';

/**
 * Daily digests against the test stack, with the clock given (Monday 9 November 2026, digest hour
 * 07:00 UTC): a period's alerts become ONE message per channel with the right counts; an alert at
 * 06:59 is in the period ending at 07:00 and one at 07:01 in the next; a second assembly (or one
 * after the worker lost its cursor) sends nothing again; alerts above a channel's ceiling are
 * counted as withheld and never listed; an empty period sends nothing.
 */
const D = '2026-11-09';
const at = (iso: string) => new Date(iso);

describe('notification digests', () => {
  let db: pg.Client;
  const posts: { url: string; body: string }[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      posts.push({ url: req.url ?? '', body });
      res.writeHead(204).end();
    });
  });
  let settings: NotificationSettings;
  let ruleId: string;
  const tag = `Digest test ${process.pid}`;

  const deliveries = async () => {
    const { rows } = await db.query<{ kind: string; event_key: string; event: DigestEvent }>(
      `select c.kind::text, d.event_key, d.event from public.notification_deliveries d
         join public.notification_channels c on c.id = d.channel_id
        where d.rule_id = $1 order by d.event_key, c.kind`,
      [ruleId],
    );
    return rows;
  };

  beforeAll(async () => {
    db = await openDb();
    await db.query('delete from public.notification_rules');
    await db.query('delete from public.notification_channels');
    await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    settings = { appUrl: 'http://app.test', smtp: undefined };
    const added = await addNotification(db, {
      kind: 'webhook',
      target: `${base}/amber`,
      event: 'alert',
      minSeverity: 'high',
      digest: 'daily',
      name: 'High alerts, daily',
    });
    ruleId = added.rule_id;
    // A second channel of the same rule with a lower ceiling: a Slack-shaped receiver at TLP:GREEN.
    await db.query(
      `with c as (insert into public.notification_channels (name, kind, target, max_tlp)
                  values ('green chat', 'slack', $2, 'green') returning id)
       insert into public.notification_rule_channels (rule_id, channel_id) select $1, id from c`,
      [ruleId, `${base}/green`],
    );
    await db.query(`update public.notification_rules set created_at = $2 where id = $1`, [
      ruleId,
      at(`2026-11-01T00:00:00Z`),
    ]);
    const { rows: ind } = await db.query<{ id: string; tlp: string }>(
      `insert into public.indicators (type, value, tlp) values
         ('domain', 'red-${process.pid}.digest.example', 'red'),
         ('domain', 'amber-${process.pid}.digest.example', 'amber'),
         ('domain', 'green-${process.pid}.digest.example', 'green')
       returning id, tlp::text`,
    );
    const id = (tlp: string) => ind.find((i) => i.tlp === tlp)!.id;
    await db.query(
      `insert into public.enhanced_security_alerts (title, severity, created_at, indicator_id) values
         ($1 || ' 06:59', 'high', '${D}T06:59:00Z', null),
         ($1 || ' 07:01', 'high', '${D}T07:01:00Z', null),
         ($1 || ' red', 'critical', '2026-11-08T12:00:00Z', $2),
         ($1 || ' low', 'low', '2026-11-08T13:00:00Z', null),
         ($1 || ' amber', 'high', '2026-11-08T14:00:00Z', $3),
         ($1 || ' green', 'high', '2026-11-08T15:00:00Z', $4),
         ($1 || ' too old', 'high', '2026-11-07T06:59:00Z', null)`,
      [tag, id('red'), id('amber'), id('green')],
    );
  });

  afterAll(async () => {
    await db.query('delete from public.enhanced_security_alerts where title like $1', [`${tag}%`]);
    await db.query(`delete from public.indicators where value like '%-${process.pid}.digest.example'`);
    await db.query('delete from public.notification_rules');
    await db.query('delete from public.notification_channels');
    await db.end();
    server.close();
  });

  it('gathers a day into one message per channel, with counts, items and withheld', async () => {
    // 07:01: the period ending at 07:00 is not assembled yet (two minutes' grace).
    expect(await captureDigests(db, { now: at(`${D}T07:01:00Z`) })).toMatchObject({ queued: 0 });
    // It was the previous period (8 Nov 07:00) that was handled: before the rule's events.
    expect(await deliveries()).toEqual([]);

    const result = await captureDigests(db, { now: at(`${D}T07:05:00Z`) });
    expect(result).toEqual({ queued: 2, errors: [] });
    const rows = await deliveries();
    expect(rows.map((r) => [r.kind, r.event_key])).toEqual([
      ['webhook', `digest:${D}T07:00:00.000Z`],
      ['slack', `digest:${D}T07:00:00.000Z`],
    ]);
    const amber = rows.find((r) => r.kind === 'webhook')!.event;
    expect(amber).toMatchObject({
      kind: 'digest',
      digest: 'daily',
      period_start: '2026-11-08T07:00:00.000Z',
      period_end: `${D}T07:00:00.000Z`,
      total: 3,
      withheld: 1,
      tlp: 'amber',
      counts: [{ kind: 'alert', severity: 'high', count: 3 }],
    });
    const titles = amber.items.map((i) => i.title);
    expect(titles).toEqual([`${tag} 06:59`, `${tag} green`, `${tag} amber`]);
    const green = rows.find((r) => r.kind === 'slack')!.event;
    expect(green).toMatchObject({ total: 1, withheld: 3, tlp: 'green' });
    expect(green.items.map((i) => i.title)).toEqual([`${tag} green`]);
    expect(JSON.stringify(green)).not.toContain(`${tag} red`);
    expect(JSON.stringify(amber)).not.toContain(`red-${process.pid}`);

    const sent = await deliverDue(db, settings);
    expect(sent.map((s) => s.status)).toEqual(['delivered', 'delivered']);
    expect(posts).toHaveLength(2);
    const webhook = JSON.parse(posts.find((p) => p.url === '/amber')!.body) as {
      type: string;
      data: { total: number; withheld: number; items: { title: string }[] };
    };
    expect(webhook).toMatchObject({ type: 'digest.daily', data: { total: 3, withheld: 1 } });
    const slack = posts.find((p) => p.url === '/green')!.body;
    expect(slack).toContain('1 event, 3 withheld above the TLP ceiling');
    expect(slack).not.toContain(`${tag} 06:59`);
  });

  it('never sends a period twice, even after losing its cursor', async () => {
    expect(await captureDigests(db, { now: at(`${D}T07:10:00Z`) })).toEqual({ queued: 0, errors: [] });
    await db.query('delete from private.notification_digest_cursors where rule_id = $1', [ruleId]);
    expect(await captureDigests(db, { now: at(`${D}T08:00:00Z`) })).toEqual({ queued: 0, errors: [] });
    expect(await deliverDue(db, settings)).toEqual([]);
    expect(posts).toHaveLength(2);
    expect(await deliveries()).toHaveLength(2);
  });

  it('puts 07:01 into the next day, and sends nothing for an empty day', async () => {
    expect(await captureDigests(db, { now: at('2026-11-10T07:03:00Z') })).toEqual({ queued: 2, errors: [] });
    const next = (await deliveries()).filter((r) => r.event_key === 'digest:2026-11-10T07:00:00.000Z');
    const amber = next.find((r) => r.kind === 'webhook')!.event;
    expect(amber).toMatchObject({ period_start: `${D}T07:00:00.000Z`, total: 1, withheld: 0 });
    expect(amber.items.map((i) => i.title)).toEqual([`${tag} 07:01`]);
    // Only AMBER (no indicator) in it: the green channel gets a withheld count only.
    expect(next.find((r) => r.kind === 'slack')!.event).toMatchObject({ total: 0, withheld: 1, items: [] });

    expect(await captureDigests(db, { now: at('2026-11-11T07:03:00Z') })).toEqual({ queued: 0, errors: [] });
    const { rows } = await db.query<{ period_end: Date }>(
      'select period_end from private.notification_digest_cursors where rule_id = $1',
      [ruleId],
    );
    expect(rows[0]!.period_end.toISOString()).toBe('2026-11-11T07:00:00.000Z');
    expect(await deliveries()).toHaveLength(4);
    expect((await deliverDue(db, settings)).map((s) => s.status)).toEqual(['delivered', 'delivered']);
    expect(posts).toHaveLength(4);
  });

  it('makes and lists weekly digest rules from the CLI’s functions', async () => {
    const added = await addNotification(db, {
      kind: 'email',
      target: 'soc@test.local',
      event: 'import_failed',
      digest: 'weekly',
    });
    const listed = await listNotifications(db);
    expect(listed.find((r) => r.rule_id === added.rule_id)).toMatchObject({
      event: 'import_failed',
      digest: 'weekly',
    });
    expect(listed.find((r) => r.rule_id === ruleId)).toMatchObject({ digest: 'daily', delivered: 4 });
  });
});
