/**
 * An analyst's working session: signed in once per VU (token refreshed along the way), the badge
 * count every 30 s and the health checks every 60 s as the open app does, then the dashboard, an
 * IOC search, the CVE feed and a triage update with think time between pages. One iteration is one
 * visit; with RATE the run is open-model (visits per second), which is how the saturation point is
 * measured.
 */
import type { Options } from 'k6/options';
import {
  createAccounts,
  deleteAccounts,
  accountOf,
  sessionFor,
  type Account,
  type Session,
} from '../lib/auth.ts';
import { badgeCount, cveFeed, dashboard, healthChecks, iocSearch, triage } from '../lib/analyst-pages.ts';
import { iocQueries, pick } from '../lib/data.ts';
import { THINK_SECONDS } from '../lib/env.ts';
import { requireHealthyTarget } from '../lib/health.ts';
import { pause } from '../lib/pause.ts';
import { maxVus, profileScenario } from '../lib/profiles.ts';
import { summaryOutputs } from '../lib/summary.ts';
import { latency } from '../lib/thresholds.ts';
import { check } from 'k6';

const BADGE_EVERY_MS = 30_000;
const HEALTH_EVERY_MS = 60_000;
/** Every fifth visit refreshes the token, as an app open for hours would. */
const REFRESH_EVERY = 5;

const scenario = profileScenario('visit', { flow: 'analyst' });

/** BREAKDOWN=1: every endpoint's latency in the summary (k6's idiom: an always-true threshold). */
const ENDPOINTS = [
  'sign in',
  'token refresh',
  'badge count',
  'health database',
  'health storage',
  'dashboard figures',
  'alert trend',
  'top malware',
  'latest kev',
  'exposures',
  'ioc search',
  'cve feed',
  'alert queue',
  'triage update',
];
const breakdown = __ENV.BREAKDOWN
  ? Object.fromEntries(ENDPOINTS.map((name) => [`http_req_duration{name:${name}}`, ['p(95)>=0']]))
  : {};

export const options: Options = {
  scenarios: { analyst: scenario },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{scenario:analyst}': latency(200, 500),
    checks: ['rate>0.99'],
    cti_badge_count_ms: latency(100),
    cti_dashboard_ms: latency(400),
    cti_ioc_search_ms: latency(300),
    cti_cve_feed_ms: latency(300),
    cti_triage_ms: latency(200),
    ...breakdown,
  },
};

interface Data {
  accounts: Account[];
}

export async function setup(): Promise<Data> {
  await requireHealthyTarget();
  return { accounts: await createAccounts('analyst', maxVus(scenario)) };
}

const polled = new Map<number, { badge: number; health: number }>();

async function poll(session: Session): Promise<void> {
  const last = polled.get(__VU) ?? { badge: 0, health: 0 };
  const now = Date.now();
  const work: Promise<void>[] = [];
  if (now - last.badge >= BADGE_EVERY_MS) {
    work.push(badgeCount(session));
    last.badge = now;
  }
  if (now - last.health >= HEALTH_EVERY_MS) {
    work.push(healthChecks(session));
    last.health = now;
  }
  polled.set(__VU, last);
  await Promise.all(work);
}

export async function visit(data: Data): Promise<void> {
  const session = await sessionFor(accountOf(data.accounts), __ITER % REFRESH_EVERY === 1);
  if (!check(session, { 'signed in': (s) => s !== null }) || !session) {
    // A refused sign-in (e.g. the auth limit's 429) waits like a person would, instead of retrying
    // at once: a VU that spins measures its own retry loop, not the platform.
    await pause(Math.max(THINK_SECONDS, 1));
    return;
  }
  await poll(session);
  await dashboard(session);
  await pause(THINK_SECONDS);
  await iocSearch(session, pick(iocQueries));
  await pause(THINK_SECONDS);
  await poll(session);
  await cveFeed(session);
  await pause(THINK_SECONDS);
  await triage(session);
}

export default visit;

export async function teardown(data: Data): Promise<void> {
  await deleteAccounts(data.accounts);
}

export function handleSummary(data: object): Record<string, string> {
  return summaryOutputs(data);
}
