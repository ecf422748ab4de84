/**
 * Realtime fan-out: SUBSCRIBERS VUs each hold one WebSocket subscribed to INSERTs on the alerts
 * table (as the badge's live channel, features/alerts/hooks/use-alert-changes.ts), while one
 * publisher inserts an alert every INSERT_EVERY seconds. cti_realtime_delivery_ms is the time from
 * the insert (the row's created_at, the database's clock on this host) to its arrival at each
 * subscriber. Subscribers share a few accounts, signed in once in setup (the sign-in limit is per
 * address; the gateway's request limit is per user, and a subscriber makes one request).
 */
import { check } from 'k6';
import { Counter, Rate, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { setInterval, clearInterval, setTimeout } from 'k6/timers';
import { WebSocket } from 'k6/websockets';
import { send, serviceHeaders } from '../lib/api.ts';
import { createAccounts, deleteAccounts, signIn, type Account } from '../lib/auth.ts';
import { PROFILE, RUN_ID } from '../lib/env.ts';
import { requireHealthyTarget } from '../lib/health.ts';
import { HEARTBEAT_MS, heartbeatMessage, joinMessage, parseMessage, socketUrl } from '../lib/realtime.ts';
import { summaryOutputs } from '../lib/summary.ts';
import { latency } from '../lib/thresholds.ts';

/** Subscribers per profile: a handful for smoke, 1,000 under stress (the figure in the README). */
const SUBSCRIBERS_BY_PROFILE: Record<string, number> = {
  smoke: 5,
  average: 100,
  stress: 1000,
  spike: 1000,
  soak: 100,
};
const SUBSCRIBERS = Number(__ENV.SUBSCRIBERS || __ENV.VUS || SUBSCRIBERS_BY_PROFILE[PROFILE] || 5);
const INSERTS = Number(__ENV.INSERTS || (PROFILE === 'smoke' ? 3 : 20));
const INSERT_EVERY_S = Number(__ENV.INSERT_EVERY || 1);
/**
 * Time for every subscriber to join before the first insert. A subscriber whose subscription is
 * live only after it cannot expect the inserts made before, so it is counted as a late join
 * (`cti_realtime_ready_in_window`) and not as missed deliveries: a busy machine joins slowly, and
 * that must not read as the server losing changes.
 */
const JOIN_WINDOW_S = Number(__ENV.JOIN_WINDOW || Math.max(5, Math.ceil(SUBSCRIBERS / 50)));
/** The longest a subscriber waits; it leaves as soon as every insert has reached it. */
const HOLD_S = JOIN_WINDOW_S + INSERTS * (INSERT_EVERY_S + 1) + 10;
const SUBSCRIBERS_PER_ACCOUNT = 50;
const TITLE = `LOAD realtime ${RUN_ID}`;

const deliveryMs = new Trend('cti_realtime_delivery_ms', true);
const joinMs = new Trend('cti_realtime_join_ms', true);
/** Until the server's system message says the postgres_changes subscription is live. */
const readyMs = new Trend('cti_realtime_ready_ms', true);
const readyInWindow = new Rate('cti_realtime_ready_in_window');
const subscribed = new Rate('cti_realtime_subscribed');
const received = new Counter('cti_realtime_received');
/** Per subscriber and insert: did it arrive before the subscriber left. */
const delivered = new Rate('cti_realtime_delivered');
const inserted = new Counter('cti_realtime_inserts');

export const options: Options = {
  scenarios: {
    subscribers: {
      executor: 'per-vu-iterations',
      vus: SUBSCRIBERS,
      iterations: 1,
      maxDuration: `${HOLD_S + 30}s`,
      exec: 'subscribe',
    },
    publisher: {
      executor: 'per-vu-iterations',
      vus: 1,
      iterations: 1,
      startTime: `${JOIN_WINDOW_S}s`,
      maxDuration: `${INSERTS * INSERT_EVERY_S + 30}s`,
      exec: 'publish',
    },
  },
  thresholds: {
    cti_realtime_subscribed: ['rate>0.99'],
    cti_realtime_delivery_ms: latency(200, 500),
    cti_realtime_received: ['count>0'],
    cti_realtime_delivered: ['rate>0.99'],
    cti_realtime_ready_in_window: ['rate>0.75'],
    checks: ['rate>0.99'],
    http_req_failed: ['rate<0.01'],
  },
};

interface Data {
  accounts: Account[];
  tokens: string[];
}

export async function setup(): Promise<Data> {
  await requireHealthyTarget();
  const accounts = await createAccounts('realtime', Math.ceil(SUBSCRIBERS / SUBSCRIBERS_PER_ACCOUNT));
  const tokens: string[] = [];
  for (const account of accounts) {
    const { session } = await signIn(account);
    if (!session) throw new Error(`setup could not sign in ${account.email}`);
    tokens.push(session.accessToken);
  }
  return { accounts, tokens };
}

export function subscribe(data: Data): Promise<void> {
  const token = data.tokens[(__VU - 1) % data.tokens.length]!;
  const opened = Date.now();
  return new Promise((resolve) => {
    const ws = new WebSocket(socketUrl());
    let ref = 1;
    let joined = false;
    let count = 0;
    let readyAfterMs = Infinity;
    const beat = setInterval(() => ws.send(heartbeatMessage(String(++ref))), HEARTBEAT_MS);
    ws.onopen = () => ws.send(joinMessage(`load-alerts-${__VU}`, 'enhanced_security_alerts', token, '1'));
    ws.onmessage = (event) => {
      const message = parseMessage(event?.data);
      if (!message) return;
      if (message.event === 'phx_reply' && message.ref === '1') {
        joined = (message.payload as { status?: string }).status === 'ok';
        joinMs.add(Date.now() - opened);
        subscribed.add(joined);
      } else if (message.event === 'system' && (message.payload as { status?: string }).status === 'ok') {
        readyAfterMs = Date.now() - opened;
        readyMs.add(readyAfterMs);
      } else if (message.event === 'postgres_changes') {
        const record = ((message.payload.data ?? {}) as { record?: { title?: string; created_at?: string } })
          .record;
        if (record?.title !== TITLE || !record.created_at) return;
        deliveryMs.add(Date.now() - Date.parse(record.created_at));
        received.add(1);
        count += 1;
        if (count === INSERTS) ws.close();
      }
    };
    ws.onerror = () => undefined;
    ws.onclose = () => {
      clearInterval(beat);
      if (!joined) subscribed.add(false);
      const onTime = readyAfterMs <= JOIN_WINDOW_S * 1000;
      readyInWindow.add(onTime);
      if (onTime) for (let i = 0; i < INSERTS; i += 1) delivered.add(i < count);
      resolve();
    };
    setTimeout(() => ws.close(), HOLD_S * 1000);
  });
}

export async function publish(): Promise<void> {
  for (let i = 0; i < INSERTS; i += 1) {
    const answer = await send(
      'POST',
      '/rest/v1/enhanced_security_alerts',
      { title: TITLE, description: `insert ${i}`, severity: 'low', category: 'load-test', source: 'load' },
      { name: 'insert alert', headers: { ...serviceHeaders(), Prefer: 'return=minimal' } },
    );
    if (check(answer, { 'alert inserted': (a) => a.status === 201 })) inserted.add(1);
    await new Promise<void>((resolve) => setTimeout(resolve, INSERT_EVERY_S * 1000));
  }
}

export default subscribe;

export async function teardown(data: Data): Promise<void> {
  await send('DELETE', `/rest/v1/enhanced_security_alerts?title=eq.${encodeURIComponent(TITLE)}`, undefined, {
    name: 'remove load alerts',
    headers: serviceHeaders(),
  });
  await deleteAccounts(data.accounts);
}

export function handleSummary(data: object): Record<string, string> {
  return summaryOutputs(data);
}
