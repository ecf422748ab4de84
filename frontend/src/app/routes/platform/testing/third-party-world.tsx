/** Third-Party Intelligence's test world: sources, runs, the realtime channel and a rendered page. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { platformPath } from '@/config/paths';
import type { AdminValidation } from '@/features/auth/state/auth-slice';
import { makeQueryClient } from '@/lib/query-client';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { answerTables, callArgs } from '@/testing/fake-tables';
import { pageDefinition } from '@/app/routes/platform/pages';
import ThirdPartyIntelligencePage from '@/app/routes/platform/third-party-intelligence';

export const HOSTILE = '<img src=x onerror=alert(1)>';
export const HOUR = 3_600_000;
export const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

export const source = (fields: Record<string, unknown>) => ({
  kind: 'feed',
  format: 'kev',
  url: null,
  description: '',
  reliability: 'A',
  default_tlp: 'clear',
  default_confidence: 90,
  sync_interval_seconds: null,
  enabled: true,
  last_synced_at: null,
  next_sync_at: null,
  last_success_at: null,
  last_run_id: null,
  last_run_status: null,
  last_run_started_at: null,
  last_run_finished_at: null,
  last_run_records: null,
  last_run_inserted: null,
  last_run_updated: null,
  last_run_unchanged: null,
  last_run_rejected: null,
  last_run_ignored: null,
  last_run_error: null,
  ...fields,
});

export const KEV_ID = '51000000-0000-4000-a000-000000000001';
export const FEODO_ID = '51000000-0000-4000-a000-000000000002';
export const SOURCES = [
  source({
    id: KEV_ID,
    name: 'CISA KEV',
    url: 'https://www.cisa.gov/kev.json',
    sync_interval_seconds: 86_400,
    last_success_at: ago(2 * HOUR),
    last_run_id: 3,
    last_run_status: 'succeeded',
    last_run_started_at: ago(2 * HOUR),
    last_run_finished_at: ago(2 * HOUR - 2500),
    last_run_records: 1404,
    last_run_inserted: 12,
    last_run_rejected: 0,
    health: 'healthy',
  }),
  source({
    id: FEODO_ID,
    name: 'abuse.ch Feodo Tracker',
    format: 'feodo',
    reliability: 'B',
    default_tlp: 'green',
    url: 'https://feodotracker.abuse.ch/downloads/ipblocklist.json',
    last_success_at: ago(50 * HOUR),
    last_run_id: 9,
    last_run_status: 'failed',
    last_run_started_at: ago(3 * HOUR),
    last_run_finished_at: ago(3 * HOUR),
    last_run_records: 0,
    last_run_error: `not a blocklist: ${HOSTILE}`,
    health: 'failed',
  }),
  source({
    id: '51000000-0000-4000-a000-000000000003',
    name: 'Old feed',
    enabled: false,
    health: 'disabled',
  }),
];

export const RUNS = [
  {
    id: 9,
    status: 'failed',
    format: 'feodo',
    input: 'https://feodotracker.abuse.ch/downloads/ipblocklist.json',
    requested_by: null,
    upload: null,
    started_at: ago(3 * HOUR),
    finished_at: ago(3 * HOUR),
    records: 0,
    inserted: 0,
    updated: 0,
    unchanged: 0,
    rejected: 0,
    ignored: 0,
    counts: {},
    error: `not a blocklist: ${HOSTILE}`,
    bytes: 120,
  },
  {
    id: 8,
    status: 'succeeded',
    format: 'feodo',
    input: 'user-1/x/partner.csv',
    requested_by: 'user-1',
    upload: { bucket: 'intel-uploads', object: 'user-1/x/partner.csv' },
    started_at: ago(50 * HOUR),
    finished_at: ago(50 * HOUR - 1200),
    records: 3,
    inserted: 2,
    updated: 0,
    unchanged: 0,
    rejected: 1,
    ignored: 0,
    counts: {},
    error: null,
    bytes: 300,
  },
];

let runs: Record<string, unknown>[] = RUNS;
/** The runs the import_runs reads answer; a test moves them on (queued → running…). */
export const setRuns = (next: Record<string, unknown>[]) => {
  runs = next;
};
export const currentRuns = () => runs;

export function answerBackend() {
  answerRpc('source_overview', () => ({ data: SOURCES, error: null }));
  // An administrator's page also lists the feeds we serve (features/served-feeds): none here.
  answerRpc('list_served_feeds', () => ({ data: [], error: null }));
  return answerTables((request) => {
    if (request.table !== 'import_runs') return undefined;
    if (callArgs(request, 'select')?.[0] === 'rejects')
      return {
        data: { rejects: [{ where: 'line 3', reason: `not an IP address: ${HOSTILE}` }] },
        error: null,
      };
    return { data: runs, error: null };
  });
}

/** The realtime channel the page opens, driven by the test. */
export function captureChannel() {
  const bindings: { filter: unknown; callback: (change: unknown) => void }[] = [];
  let onStatus: (status: string) => void = () => undefined;
  fakeSupabase.channel.mockImplementation(() => {
    const channel = {
      on: (_type: string, filter: unknown, callback: (change: unknown) => void) => {
        bindings.push({ filter, callback });
        return channel;
      },
      subscribe: (callback: (status: string) => void) => {
        onStatus = callback;
        return channel;
      },
    };
    return channel as never;
  });
  return { bindings, status: (status: string) => onStatus(status) };
}

export function renderPage(
  adminValidation: AdminValidation | null,
  path = platformPath('socradarIntelligence'),
) {
  const router = createMemoryRouter(
    [
      {
        path: platformPath('socradarIntelligence'),
        element: <ThirdPartyIntelligencePage definition={pageDefinition('socradarIntelligence')} />,
      },
    ],
    { initialEntries: [path] },
  );
  const store = makeStore({
    auth: {
      user: { id: 'user-1', email: 'someone@cti.local' },
      session: { userId: 'user-1', expiresAt: null },
      loading: false,
      adminValidation,
    },
  });
  const user = userEvent.setup();
  render(
    <AppProvider store={store} queryClient={makeQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user, router };
}

export const ADMIN: AdminValidation = { authorized: true, reason: null };
export const ANALYST: AdminValidation = { authorized: false, reason: 'not_admin' };

/** What every test of the page starts from: a fresh fake backend, the runs as listed, and the
 * runtime config the feeds section reads its URLs from. */
export function resetWorld() {
  resetFakeSupabase();
  runs = RUNS;
  document.head.innerHTML = `<meta name="cti-runtime-config" content='${JSON.stringify({
    supabaseUrl: 'http://127.0.0.1:54321',
    supabaseAnonKey: 'x'.repeat(40),
  })}'>`;
}
