/**
 * TAXII 2.1 polling, as a consumer's client does it (TAXII 2.1 §4.1 discovery, §5.1 collections,
 * §5.3 objects): discovery, the first API root's collections, then each VU polls a readable
 * collection's objects with `added_after` = the last `X-TAXII-Date-Added-Last` it saw, following
 * `next` while `more` is true (at most MAX_PAGES pages a poll). Bearer JWT of a signed-in user; the
 * server lets RLS decide what the user sees. If the endpoint answers 404 (no TAXII server on the
 * target), setup says so and every iteration ends at once: the run passes with nothing measured.
 */
import { check } from 'k6';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { apiHeaders } from '../lib/api.ts';
import { accountOf, createAccounts, deleteAccounts, sessionFor, signIn, type Account } from '../lib/auth.ts';
import { BASE_URL, PROFILE, THINK_SECONDS } from '../lib/env.ts';
import { requireHealthyTarget } from '../lib/health.ts';
import { pause } from '../lib/pause.ts';
import { maxVus, profileScenario } from '../lib/profiles.ts';
import { summaryOutputs } from '../lib/summary.ts';
import { latency } from '../lib/thresholds.ts';
import { withinUserBudget } from '../lib/user-budget.ts';

const TAXII = `${BASE_URL}/functions/v1/taxii`;
const MEDIA = 'application/taxii+json;version=2.1';
/** A consumer's page; smoke runs ask for 100 (they prove the path, the page size is load). */
const PAGE_LIMIT = Number(__ENV.TAXII_LIMIT || (PROFILE === 'smoke' ? 100 : 1000));
const MAX_PAGES = Number(__ENV.TAXII_MAX_PAGES || 3);
const pageMs = new Trend('cti_taxii_page_ms', true);
const objects = new Counter('cti_taxii_objects');
const scenario = profileScenario('poll', { flow: 'taxii' });
const lastAdded = new Map<number, string>();

export const options: Options = {
  scenarios: { taxii: scenario },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{flow:taxii}': latency(500, 1500),
    checks: ['rate>0.99'],
    cti_taxii_page_ms: latency(500),
  },
};

interface Data {
  skip?: string;
  accounts: Account[];
  objectsUrl?: string;
}

async function taxiiGet(url: string, token: string, name: string) {
  await withinUserBudget();
  return http.asyncRequest('GET', url, undefined, {
    headers: { ...apiHeaders(token), Accept: MEDIA },
    tags: { name, flow: 'taxii' },
    responseCallback: http.expectedStatuses({ min: 200, max: 299 }, 404),
  });
}

/** API roots are URLs; a path is taken against the target's origin (k6 has no global URL). */
function absolute(root: string): string {
  if (/^https?:\/\//.test(root)) return root;
  const origin = /^(https?:\/\/[^/]+)/.exec(BASE_URL)?.[1] ?? BASE_URL;
  return root.startsWith('/') ? `${origin}${root}` : `${TAXII}/${root}`;
}

export async function setup(): Promise<Data> {
  await requireHealthyTarget();
  const accounts = await createAccounts('taxii', maxVus(scenario));
  const { session } = await signIn(accounts[0]!);
  if (!session) throw new Error('setup could not sign in its first user');
  const discovery = await taxiiGet(`${TAXII}/taxii2/`, session.accessToken, 'taxii discovery');
  if (discovery.status === 404) {
    console.warn(
      `SKIP taxii: ${TAXII}/taxii2/ answered 404 — no TAXII server on this target; nothing is measured.`,
    );
    return { skip: 'no TAXII server', accounts };
  }
  if (discovery.status !== 200)
    throw new Error(
      `TAXII discovery answered HTTP ${discovery.status}: ${String(discovery.body).slice(0, 200)}`,
    );
  const root = ((discovery.json() as { api_roots?: string[] }).api_roots ?? [])[0];
  if (!root) throw new Error('TAXII discovery lists no API root');
  const rootUrl = absolute(root).replace(/\/?$/, '/');
  const list = await taxiiGet(`${rootUrl}collections/`, session.accessToken, 'taxii collections');
  if (list.status !== 200)
    throw new Error(`TAXII collections answered HTTP ${list.status}: ${String(list.body).slice(0, 200)}`);
  const readable = (
    (list.json() as { collections?: { id: string; can_read: boolean }[] }).collections ?? []
  ).find((c) => c.can_read);
  if (!readable) {
    console.warn('SKIP taxii: no collection this user can read; nothing is measured.');
    return { skip: 'no readable collection', accounts };
  }
  return { accounts, objectsUrl: `${rootUrl}collections/${readable.id}/objects/` };
}

export async function poll(data: Data): Promise<void> {
  if (data.skip || !data.objectsUrl) {
    await pause(1);
    return;
  }
  const session = await sessionFor(accountOf(data.accounts));
  if (!check(session, { 'signed in': (s) => s !== null }) || !session) return;
  const since = lastAdded.get(__VU);
  let next: string | undefined;
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query = [
      `limit=${PAGE_LIMIT}`,
      ...(since ? [`added_after=${encodeURIComponent(since)}`] : []),
      ...(next ? [`next=${encodeURIComponent(next)}`] : []),
    ];
    const answer = await taxiiGet(
      `${data.objectsUrl}?${query.join('&')}`,
      session.accessToken,
      'taxii objects',
    );
    pageMs.add(answer.timings.duration);
    const ok = check(answer, {
      'taxii objects: status 200': (a) => a.status === 200,
      'taxii objects: TAXII media type': (a) =>
        (a.headers['Content-Type'] ?? '').startsWith('application/taxii+json'),
    });
    if (!ok) return;
    const envelope = answer.json() as { more?: boolean; next?: string; objects?: unknown[] };
    objects.add(envelope.objects?.length ?? 0);
    const last = answer.headers['X-Taxii-Date-Added-Last'];
    if (last) lastAdded.set(__VU, last);
    if (!envelope.more || !envelope.next) break;
    next = envelope.next;
  }
  await pause(THINK_SECONDS);
}

export default poll;

export async function teardown(data: Data): Promise<void> {
  await deleteAccounts(data.accounts);
}

export function handleSummary(data: object): Record<string, string> {
  return summaryOutputs(data);
}
