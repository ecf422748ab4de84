/**
 * A hunt of 1,000 values (features/hunting: `hunt_indicators` with the parsed types and values; the
 * app sends up to 10,000 values per request, so 1,000 is one request). data/hunt-values.json has 300
 * values of the demo dataset and 700 unknown ones; setup() puts up to 300 indicators the target
 * really has in front, so matches are expected on any stack with indicators.
 */
import { check } from 'k6';
import { Counter, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { jsonArray, rpc, select, serviceHeaders } from '../lib/api.ts';
import { accountOf, createAccounts, deleteAccounts, sessionFor, type Account } from '../lib/auth.ts';
import { isOk } from '../lib/checks.ts';
import { huntValues, type HuntValue } from '../lib/data.ts';
import { THINK_SECONDS } from '../lib/env.ts';
import { requireHealthyTarget } from '../lib/health.ts';
import { pause } from '../lib/pause.ts';
import { maxVus, profileScenario } from '../lib/profiles.ts';
import { summaryOutputs } from '../lib/summary.ts';
import { latency } from '../lib/thresholds.ts';

const huntMs = new Trend('cti_hunt_ms', true);
const matched = new Counter('cti_hunt_matches');
const scenario = profileScenario('hunt', { flow: 'hunt' });

export const options: Options = {
  scenarios: { hunt: scenario },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:hunt}': latency(1000, 2000),
    checks: ['rate>0.99'],
    cti_hunt_ms: latency(1000),
  },
};

const HUNT_SIZE = 1000;

interface Data {
  accounts: Account[];
  values: HuntValue[];
  known: number;
}

export async function setup(): Promise<Data> {
  await requireHealthyTarget();
  const sample = await select('indicators', 'select=type,value&revoked=is.false&order=id&limit=300', {
    name: 'sample indicators',
    headers: serviceHeaders(),
  });
  const known = jsonArray(sample) as HuntValue[];
  const seen = new Set(known.map((v) => `${v.type}|${v.value}`));
  const values = [...known];
  for (let i = 0; i < huntValues.length && values.length < HUNT_SIZE; i += 1) {
    const value = huntValues[i]!;
    if (!seen.has(`${value.type}|${value.value}`)) values.push(value);
  }
  if (!known.length) console.warn('hunt: the target has no indicators; matches are not checked.');
  return { accounts: await createAccounts('hunt', maxVus(scenario)), values, known: known.length };
}

export async function hunt(data: Data): Promise<void> {
  const session = await sessionFor(accountOf(data.accounts));
  if (!check(session, { 'signed in': (s) => s !== null }) || !session) return;
  const { values } = data;
  const answer = await rpc(
    'hunt_indicators',
    { _types: values.map((v) => v.type), _values: values.map((v) => v.value) },
    { name: 'hunt', token: session.accessToken, timeout: '60s' },
  );
  huntMs.add(answer.timings.duration);
  isOk(answer, 'hunt');
  const rows = jsonArray(answer);
  matched.add(rows.length);
  if (data.known)
    check(rows, { 'hunt: known values match': (r) => r.length > 0 && r.length <= values.length });
  await pause(THINK_SECONDS);
}

export default hunt;

export async function teardown(data: Data): Promise<void> {
  await deleteAccounts(data.accounts);
}

export function handleSummary(data: object): Record<string, string> {
  return summaryOutputs(data);
}
