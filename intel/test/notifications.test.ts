import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type pg from 'pg';
import { SMTPServer } from 'smtp-server';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MAX_ATTEMPTS } from '../src/notifications/backoff.js';
import { deliverDue } from '../src/notifications/deliver.js';
import { addNotification, listNotifications, removeNotification } from '../src/notifications/manage.js';
import { notificationPass } from '../src/notifications/pass.js';
import type { NotificationSettings } from '../src/notifications/settings.js';
import { signedInAnalyst } from './helpers/analyst.js';
import { openDb } from './helpers/db.js';

/**
 * Notifications against the test stack: the worker's pass captures a high alert, delivers it as a
 * Standard Webhooks signed POST to a local receiver and as an e-mail to a local SMTP server, never
 * twice; a failing receiver goes retrying → dead with every attempt logged; an alert above the
 * channel's TLP ceiling is recorded as skipped and never sent; a failed import is notified.
 */
interface Received {
  headers: http.IncomingHttpHeaders;
  body: string;
}

function receiver(status: (n: number) => number, extra: Record<string, string> = {}) {
  const received: Received[] = [];
  const server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk: Buffer) => (body += chunk.toString('utf8')));
    req.on('end', () => {
      received.push({ headers: req.headers, body });
      res.writeHead(status(received.length), extra).end('ok');
    });
  });
  return { server, received, url: () => `http://127.0.0.1:${(server.address() as AddressInfo).port}/hook` };
}

describe('notifications', () => {
  let db: pg.Client;
  const good = receiver(() => 204);
  const failing = receiver(() => 500);
  const redirecting = receiver(() => 302, { location: 'http://198.51.100.1/elsewhere' });
  const mails: string[] = [];
  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => (raw += chunk.toString('utf8')));
      stream.on('end', () => {
        mails.push(raw);
        callback();
      });
    },
  });
  let settings: NotificationSettings;
  let secret: string;
  const title = `Notify test ${process.pid}: beacon to 203.0.113.77`;

  beforeAll(async () => {
    db = await openDb();
    await db.query('delete from public.notification_rules');
    await db.query('delete from public.notification_channels');
    await db.query('delete from private.notification_cursors');
    for (const r of [good, failing, redirecting])
      await new Promise<void>((ok) => r.server.listen(0, '127.0.0.1', ok));
    await new Promise<void>((ok) => smtp.listen(0, '127.0.0.1', ok));
    settings = {
      appUrl: 'http://app.test:4173',
      smtp: {
        url: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
        sender: 'cti@test.local',
      },
    };
    const added = await addNotification(db, {
      kind: 'webhook',
      target: good.url(),
      event: 'alert',
      minSeverity: 'high',
    });
    secret = added.secret!;
    await addNotification(db, {
      kind: 'email',
      target: 'soc@test.local',
      event: 'alert',
      minSeverity: 'high',
    });
    await addNotification(db, {
      kind: 'webhook',
      target: failing.url(),
      event: 'alert',
      minSeverity: 'critical',
    });
    await addNotification(db, { kind: 'webhook', target: redirecting.url(), event: 'import_failed' });
  });

  afterAll(async () => {
    await db.query('delete from public.enhanced_security_alerts where title like $1', [
      `Notify test ${process.pid}%`,
    ]);
    await db.query('delete from public.notification_rules');
    await db.query('delete from public.notification_channels');
    await db.end();
    for (const r of [good, failing, redirecting]) r.server.close();
    smtp.close();
  });

  it('delivers a high alert as a signed webhook and an e-mail, once', async () => {
    await db.query(
      `insert into public.enhanced_security_alerts (title, severity) values ($1, 'high'), ($2, 'low')`,
      [title, `Notify test ${process.pid}: a low one`],
    );
    const pass = await notificationPass(db, settings);
    expect(pass.queued).toBe(2);
    expect(pass.deliveries.map((d) => d.status).sort()).toEqual(['delivered', 'delivered']);

    expect(good.received).toHaveLength(1);
    const { headers, body } = good.received[0]!;
    expect(headers['content-type']).toBe('application/json');
    expect(headers['webhook-signature']).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const verified = new Webhook(secret).verify(body, {
      'webhook-id': String(headers['webhook-id']),
      'webhook-timestamp': String(headers['webhook-timestamp']),
      'webhook-signature': String(headers['webhook-signature']),
    }) as { type: string; data: { title: string; severity: string; tlp: string; url: string } };
    expect(verified.type).toBe('alert.created');
    expect(verified.data).toMatchObject({ title, severity: 'high', tlp: 'amber' });
    expect(verified.data.url).toMatch(
      /^http:\/\/app\.test:4173\/platform\/threat-intelligence-hub\?alert=[0-9a-f-]{36}$/,
    );
    expect(() =>
      new Webhook(secret).verify(body.replace('high', 'low'), { ...headers } as Record<string, string>),
    ).toThrow();

    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: soc@test.local');
    expect(mails[0]).toContain('[HIGH] Alert: Notify test');

    const again = await notificationPass(db, settings);
    expect(again.queued).toBe(0);
    expect(again.deliveries).toEqual([]);
    expect(good.received).toHaveLength(1);
    expect(mails).toHaveLength(1);
    const { rows } = await db.query<{ attempts: number; delivered: boolean; duration_ms: number }>(
      `select d.attempts, a.delivered, a.duration_ms from public.notification_deliveries d
         join public.notification_attempts a on a.delivery_id = d.id where d.event_key like 'alert:%' and d.status = 'delivered'`,
    );
    expect(rows).toHaveLength(2);
    expect(rows.every((r) => r.attempts === 1 && r.delivered)).toBe(true);
  });

  it('records an alert above the channel’s TLP ceiling as skipped and sends nothing', async () => {
    const { rows } = await db.query<{ id: string }>(
      `insert into public.indicators (type, value, tlp) values ('ipv4', '203.0.113.178', 'amber+strict')
       on conflict do nothing returning id`,
    );
    await db.query(
      `insert into public.enhanced_security_alerts (title, severity, indicator_id) values ($1, 'high', $2)`,
      [`Notify test ${process.pid}: strict`, rows[0]!.id],
    );
    const before = good.received.length;
    const pass = await notificationPass(db, settings);
    expect(pass.queued).toBe(2);
    expect(good.received).toHaveLength(before);
    const { rows: skipped } = await db.query<{ status: string; last_error: string; attempts: number }>(
      `select d.status, d.last_error, d.attempts from public.notification_deliveries d
        where d.event->>'title' = $1`,
      [`Notify test ${process.pid}: strict`],
    );
    expect(skipped).toHaveLength(2);
    for (const s of skipped) {
      expect(s).toMatchObject({ status: 'skipped', attempts: 0 });
      expect(s.last_error).toBe("TLP:AMBER+STRICT is above this channel's ceiling TLP:AMBER: not sent");
    }
  });

  it('skips an alert about a PAP:AMBER indicator with the reason and sends nothing (issue 28)', async () => {
    const { rows: source } = await db.query<{ id: string }>(
      `insert into public.sources (name, pap) values ($1, 'amber') returning id`,
      [`Notify test ${process.pid}: PAP source`],
    );
    const { rows } = await db.query<{ id: string }>(
      `insert into public.indicators (type, value, tlp) values ('ipv4', '203.0.113.179', 'green') returning id`,
    );
    await db.query(
      `insert into public.indicator_sources (indicator_id, source_id, tlp) values ($1, $2, 'green')`,
      [rows[0]!.id, source[0]!.id],
    );
    await db.query(
      `insert into public.enhanced_security_alerts (title, severity, indicator_id) values ($1, 'high', $2)`,
      [`Notify test ${process.pid}: pap`, rows[0]!.id],
    );
    const before = good.received.length;
    const mailsBefore = mails.length;
    const pass = await notificationPass(db, settings);
    expect(pass.queued).toBe(2);
    expect(good.received).toHaveLength(before);
    expect(mails).toHaveLength(mailsBefore);
    const { rows: skipped } = await db.query<{ status: string; last_error: string }>(
      `select d.status, d.last_error from public.notification_deliveries d where d.event->>'title' = $1`,
      [`Notify test ${process.pid}: pap`],
    );
    expect(skipped).toEqual([
      { status: 'skipped', last_error: 'PAP:AMBER: the indicator may not leave the platform: not sent' },
      { status: 'skipped', last_error: 'PAP:AMBER: the indicator may not leave the platform: not sent' },
    ]);
    await db.query('delete from public.sources where id = $1', [source[0]!.id]);
  });

  it('retries a failing receiver with back-off, then gives it up as dead', async () => {
    await db.query(`insert into public.enhanced_security_alerts (title, severity) values ($1, 'critical')`, [
      `Notify test ${process.pid}: critical`,
    ]);
    const first = await notificationPass(db, settings);
    const failed = first.deliveries.find((d) => d.channel.includes(failing.url()))!;
    expect(failed).toMatchObject({
      status: 'retrying',
      outcome: { status: 500, error: 'HTTP 500 Internal Server Error' },
    });
    const { rows: next } = await db.query<{ wait: number }>(
      `select extract(epoch from next_attempt_at - now()) as wait from public.notification_deliveries where id = $1`,
      [failed.id],
    );
    expect(Number(next[0]!.wait)).toBeGreaterThan(10);
    // Time passes: make it due again until the attempts run out.
    for (let attempt = 2; attempt <= MAX_ATTEMPTS; attempt++) {
      await db.query('update public.notification_deliveries set next_attempt_at = now() where id = $1', [
        failed.id,
      ]);
      const [report] = await deliverDue(db, settings, { only: failed.id });
      expect(report!.status).toBe(attempt < MAX_ATTEMPTS ? 'retrying' : 'dead');
    }
    const { rows } = await db.query<{ status: string; attempts: number; logged: string; next: Date | null }>(
      `select d.status, d.attempts, d.next_attempt_at as next,
              (select count(*) from public.notification_attempts a where a.delivery_id = d.id and a.response_status = 500) as logged
         from public.notification_deliveries d where d.id = $1`,
      [failed.id],
    );
    expect(rows[0]).toMatchObject({
      status: 'dead',
      attempts: MAX_ATTEMPTS,
      logged: String(MAX_ATTEMPTS),
      next: null,
    });
    expect(failing.received).toHaveLength(MAX_ATTEMPTS);
    expect(await deliverDue(db, settings, { only: failed.id })).toEqual([]);
  });

  it('notifies a failed import and never follows a redirect', async () => {
    await db.query(
      `insert into public.import_runs (source_name, format, status, finished_at, error)
       values ($1, 'stix', 'failed', now(), 'the feed answered 503')`,
      [`notify-test-${process.pid}`],
    );
    const pass = await notificationPass(db, settings);
    expect(pass.queued).toBe(1);
    expect(redirecting.received).toHaveLength(1);
    expect(JSON.parse(redirecting.received[0]!.body)).toMatchObject({
      type: 'import.failed',
      data: { source: `notify-test-${process.pid}`, error: 'the feed answered 503' },
    });
    expect(pass.deliveries[0]).toMatchObject({ status: 'retrying', outcome: { status: 302 } });
    expect(pass.deliveries[0]!.outcome!.error).toMatch(
      /redirects are not followed \(to http:\/\/198\.51\.100\.1\/elsewhere\)/,
    );
    await db.query('delete from public.import_runs where source_name = $1', [`notify-test-${process.pid}`]);
  });

  it('lists rules with their counts and removes a channel with its rules', async () => {
    const listed = await listNotifications(db);
    expect(listed).toHaveLength(4);
    const high = listed.find((r) => r.channels[0]!.target === good.url())!;
    // The high alert and the critical one.
    expect(high).toMatchObject({ event: 'alert', min_severity: 'high', delivered: 2, dead: 0 });
    expect(good.received).toHaveLength(2);
    expect(JSON.stringify(listed)).not.toContain(secret);
    expect(await removeNotification(db, high.channels[0]!.id)).toBe('channel');
    expect(await listNotifications(db)).toHaveLength(3);
  });

  it('evaluates a saved view as its owner and notifies only new matches the owner may read', async () => {
    const tag = `notifyview${process.pid}`;
    await db.query(`insert into public.indicators (type, value, tlp) values ('domain', $1, 'green')`, [
      `old.${tag}.example`,
    ]);
    const analyst = await signedInAnalyst();
    const { data: rule, error } = await analyst.rpc('notify_me', {
      _page: 'ioc-intelligence',
      _query: `type=domain&q=${tag}`,
      _name: 'My domains',
    });
    expect(error).toBeNull();
    const { data: user } = await analyst.auth.getUser();
    await db.query(
      `insert into public.indicators (type, value, tlp) values ('domain', $1, 'green'), ('domain', $2, 'red'), ('url', $3, 'green')`,
      [`new.${tag}.example`, `red.${tag}.example`, `http://new.${tag}.example/x`],
    );
    const before = mails.length;
    const pass = await notificationPass(db, settings);
    expect(pass.errors).toEqual([]);
    expect(pass.deliveries.filter((d) => d.channel === `email ${user.user!.email}`)).toMatchObject([
      { status: 'delivered' },
    ]);
    expect(mails).toHaveLength(before + 1);
    const mail = mails.at(-1)!.replace(/=\r?\n/g, '');
    expect(mail).toContain(`To: ${user.user!.email}`);
    expect(mail).toContain('1 new result in');
    expect(mail).toContain(`new[.]${tag}[.]example`);
    // The old one predates the rule, the RED one is beyond an analyst's reading, the URL is not a domain.
    expect(mail).not.toContain(`old[.]${tag}`);
    expect(mail).not.toContain(`red[.]${tag}`);
    expect(mail).not.toContain('hxxp');
    const again = await notificationPass(db, settings);
    expect(again.queued).toBe(0);
    expect(mails).toHaveLength(before + 1);
    await db.query('delete from public.notification_rules where id = $1', [(rule as { id: string }).id]);
    await db.query('delete from public.indicators where value like $1', [`%${tag}%`]);
  });
});
