/**
 * An auth storm against the sign-in limit ([auth.rate_limit] sign_in_sign_ups: 30 per 5 minutes
 * per client address): every iteration fires BURST password sign-ins,
 * CONCURRENCY at a time. The contract is that
 * the limit engages (429 over_request_rate_limit), that nothing else goes wrong (only 200 or 429),
 * and that refusals past the limit stay cheap (the limiter answers before any password hashing).
 * Run it from an address of its own (`--local-ips 127.0.9.1`): afterwards that address cannot sign
 * in for five minutes.
 */
import { check } from 'k6';
import { Counter, Rate } from 'k6/metrics';
import type { Options, Scenario } from 'k6/options';
import { send } from '../lib/api.ts';
import { createAccounts, deleteAccounts, signIn, type Account } from '../lib/auth.ts';
import { BASE_URL, PROFILE } from '../lib/env.ts';
import { requireHealthyTarget } from '../lib/health.ts';
import { pause } from '../lib/pause.ts';
import { profileScenario } from '../lib/profiles.ts';
import { summaryOutputs } from '../lib/summary.ts';
import { latency } from '../lib/thresholds.ts';

/** The limit's size: one smoke burst must go past it. */
const SIGN_IN_LIMIT = Number(__ENV.SIGN_IN_LIMIT || 30);
const BURST = Number(__ENV.BURST || (PROFILE === 'smoke' ? SIGN_IN_LIMIT + 5 : 10));
const CONCURRENCY = Number(__ENV.CONCURRENCY || 10);
const limited = new Rate('cti_auth_rate_limited');
const allowed = new Counter('cti_auth_sign_ins_allowed');
// A smoke run is one burst past the limit (sign-ins hash passwords: seconds on a busy machine).
const scenario: Scenario =
  PROFILE === 'smoke' && !__ENV.VUS && !__ENV.DURATION && !__ENV.RATE
    ? {
        executor: 'per-vu-iterations',
        vus: 1,
        iterations: 1,
        maxDuration: '90s',
        exec: 'storm',
        tags: { flow: 'auth-storm' },
      }
    : profileScenario('storm', { flow: 'auth-storm' });

export const options: Options = {
  scenarios: { 'auth-storm': scenario },
  thresholds: {
    // 200 and 429 are both expected answers; anything else (5xx, 400) is a failure.
    http_req_failed: ['rate<0.01'],
    cti_auth_rate_limited: ['rate>0'],
    // Once the limit is reached, a refusal comes before any password hashing: it must be cheap.
    'http_req_duration{name:sign in past the limit}': latency(50, 200),
    checks: ['rate>0.99'],
  },
};

interface Data {
  accounts: Account[];
}

export async function setup(): Promise<Data> {
  await requireHealthyTarget();
  if (/\/\/(127\.0\.0\.1|localhost)[:/]/.test(`${BASE_URL}/`) && !__ENV.K6_LOCAL_IPS)
    console.warn(
      "auth-storm from 127.0.0.1 spends that address's sign-ins for 5 minutes; use --local-ips 127.0.9.1",
    );
  return { accounts: await createAccounts('storm', 1) };
}

export async function storm(data: Data): Promise<void> {
  const account = data.accounts[0]!;
  // In waves: a sign-in holds a pooled database connection, and a burst wider than the pool only
  // measures pool waits (503 after the gateway's 5 s acquire timeout), not the limit.
  const answers: Awaited<ReturnType<typeof signIn>>[] = [];
  for (let sent = 0; sent < BURST; sent += CONCURRENCY) {
    const wave = Math.min(CONCURRENCY, BURST - sent);
    answers.push(...(await Promise.all(Array.from({ length: wave }, () => signIn(account, [200, 429])))));
  }
  for (const { answer } of answers) {
    if (answer.status !== 200 && answer.status !== 429)
      console.warn(`sign in answered ${answer.status} ${answer.error} ${String(answer.body).slice(0, 200)}`);
    check(answer, { 'sign in: 200 or 429': (a) => a.status === 200 || a.status === 429 });
    limited.add(answer.status === 429);
    if (answer.status === 200) allowed.add(1);
  }
  if (!answers.some(({ answer }) => answer.status === 429)) return;
  // Past the limit, one at a time (nothing else in flight): the refusal's own cost.
  for (let i = 0; i < 3; i += 1) {
    const probe = await send(
      'POST',
      '/auth/v1/token?grant_type=password',
      { email: account.email, password: account.password, gotrue_meta_security: {} },
      { name: 'sign in past the limit', expected: [429] },
    );
    check(probe, { 'past the limit: 429': (a) => a.status === 429 });
  }
  await pause(0.2);
}

export default storm;

export async function teardown(data: Data): Promise<void> {
  await deleteAccounts(data.accounts);
}

export function handleSummary(data: object): Record<string, string> {
  return summaryOutputs(data);
}
