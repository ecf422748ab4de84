/**
 * An ingestion burst through the app's import path (lib/storage/upload-for-import.ts): each VU
 * uploads a Suricata EVE log into its own folder of the telemetry-uploads bucket, then asks
 * `request_telemetry_import` to queue it for the importer's worker. The database allows three
 * waiting imports per person and answers the fourth with 429 (PT429): a burst meets that quota, so
 * a refusal is a correct answer here (checked, not a failure), and the refused file is taken back
 * off the server as the app does. With IMPORT_WAIT=<seconds> and a worker running (`npm start`),
 * each VU also waits for its run to finish: cti_import_done_ms.
 */
import { check } from 'k6';
import http from 'k6/http';
import { Counter, Trend } from 'k6/metrics';
import type { Options } from 'k6/options';
import { apiHeaders, rpc, select, send, serviceHeaders } from '../lib/api.ts';
import {
  accountOf,
  createAccounts,
  deleteAccounts,
  sessionFor,
  type Account,
  type Session,
} from '../lib/auth.ts';
import { BASE_URL, RUN_ID, THINK_SECONDS } from '../lib/env.ts';
import { eveLog } from '../lib/eve.ts';
import { requireHealthyTarget } from '../lib/health.ts';
import { pause } from '../lib/pause.ts';
import { maxVus, profileScenario } from '../lib/profiles.ts';
import { summaryOutputs } from '../lib/summary.ts';
import { latency } from '../lib/thresholds.ts';
import { withinUserBudget } from '../lib/user-budget.ts';

const BUCKET = 'telemetry-uploads';
const EVENTS = Number(__ENV.EVE_EVENTS || 500);
const IMPORT_WAIT_SECONDS = Number(__ENV.IMPORT_WAIT || 0);
const uploadMs = new Trend('cti_upload_ms', true);
const queueMs = new Trend('cti_import_queue_ms', true);
const doneMs = new Trend('cti_import_done_ms', true);
const queued = new Counter('cti_imports_queued');
const refused = new Counter('cti_imports_refused_quota');
const scenario = profileScenario('burst', { flow: 'ingest' });

export const options: Options = {
  scenarios: { ingest: scenario },
  thresholds: {
    http_req_failed: ['rate<0.01'],
    'http_req_duration{name:upload}': latency(500, 1000),
    'http_req_duration{name:request import}': latency(200, 500),
    checks: ['rate>0.99'],
    cti_imports_queued: ['count>0'],
  },
};

interface Data {
  accounts: Account[];
}

export async function setup(): Promise<Data> {
  await requireHealthyTarget();
  return { accounts: await createAccounts('ingest', maxVus(scenario)) };
}

async function waitForRun(session: Session, runId: number, started: number): Promise<void> {
  const deadline = Date.now() + IMPORT_WAIT_SECONDS * 1000;
  while (Date.now() < deadline) {
    const answer = await select('import_runs', `select=status&id=eq.${runId}`, {
      name: 'import status',
      token: session.accessToken,
    });
    const status = (answer.json() as { status: string }[])[0]?.status;
    if (status && status !== 'queued' && status !== 'running') {
      doneMs.add(Date.now() - started);
      check(status, { 'import finished without failing': (s) => s !== 'failed' });
      return;
    }
    await pause(0.5);
  }
}

export async function burst(data: Data): Promise<void> {
  const session = await sessionFor(accountOf(data.accounts));
  if (!check(session, { 'signed in': (s) => s !== null }) || !session) return;
  const object = `${session.userId}/${RUN_ID}-${__VU}-${__ITER}/eve.json`;
  const started = Date.now();
  await withinUserBudget();
  const upload = await http.asyncRequest(
    'POST',
    `${BASE_URL}/storage/v1/object/${BUCKET}/${object}`,
    eveLog(EVENTS, __VU * 1000 + __ITER),
    {
      headers: {
        ...apiHeaders(session.accessToken),
        'Content-Type': 'application/octet-stream',
        'Cache-Control': 'max-age=3600',
        'x-upsert': 'false',
      },
      tags: { name: 'upload' },
    },
  );
  uploadMs.add(upload.timings.duration);
  if (!check(upload, { 'upload: status 200': (a) => a.status === 200 })) return;
  const request = await rpc(
    'request_telemetry_import',
    { _object_name: object, _format: 'suricata-eve', _sensor: `load-${__VU}` },
    { name: 'request import', token: session.accessToken, expected: [200, 429] },
  );
  queueMs.add(request.timings.duration);
  check(request, { 'import queued or refused by the quota': (a) => a.status === 200 || a.status === 429 });
  if (request.status === 429) {
    refused.add(1);
    await send(
      'DELETE',
      `/storage/v1/object/${BUCKET}`,
      { prefixes: [object] },
      { name: 'remove refused upload', token: session.accessToken },
    );
  } else if (request.status === 200) {
    queued.add(1);
    if (IMPORT_WAIT_SECONDS > 0) await waitForRun(session, Number(request.json()), started);
  }
  await pause(THINK_SECONDS);
}

export default burst;

/** The burst's queued runs and files go with its users: nothing is left for a worker to pick up later. */
export async function teardown(data: Data): Promise<void> {
  const ids = data.accounts.map((a) => a.id).join(',');
  await send('DELETE', `/rest/v1/import_runs?requested_by=in.(${ids})&status=eq.queued`, undefined, {
    name: 'remove queued runs',
    headers: serviceHeaders(),
  });
  for (const account of data.accounts) {
    const listed = await send(
      'POST',
      `/storage/v1/object/list/${BUCKET}`,
      { prefix: `${account.id}/`, limit: 1000 },
      { name: 'list uploads', headers: serviceHeaders() },
    );
    const folders = (listed.status === 200 ? (listed.json() as { name: string }[]) : []).map(
      (f) => `${account.id}/${f.name}/eve.json`,
    );
    if (folders.length)
      await send(
        'DELETE',
        `/storage/v1/object/${BUCKET}`,
        { prefixes: folders },
        { name: 'remove uploads', headers: serviceHeaders() },
      );
  }
  await deleteAccounts(data.accounts);
}

export function handleSummary(data: object): Record<string, string> {
  return summaryOutputs(data);
}
