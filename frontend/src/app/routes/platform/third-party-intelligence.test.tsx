import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { platformPath } from '@/config/paths';
import type { AdminValidation } from '@/features/auth/state/auth-slice';
import { makeQueryClient } from '@/lib/query-client';
import {
  answerRpc,
  answerStorage,
  fakeStorage,
  fakeSupabase,
  makeSession,
  resetFakeSupabase,
  setInitialSession,
} from '@/testing/fake-supabase';
import { answerTables, callArgs } from '@/testing/fake-tables';
import { pageDefinition } from './pages';
import ThirdPartyIntelligencePage from './third-party-intelligence';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised tables draw rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

const HOSTILE = '<img src=x onerror=alert(1)>';
const HOUR = 3_600_000;
const ago = (ms: number) => new Date(Date.now() - ms).toISOString();

const source = (fields: Record<string, unknown>) => ({
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

const KEV_ID = '51000000-0000-4000-a000-000000000001';
const FEODO_ID = '51000000-0000-4000-a000-000000000002';
const SOURCES = [
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

const RUNS = [
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

function answerBackend() {
  answerRpc('source_overview', () => ({ data: SOURCES, error: null }));
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
function captureChannel() {
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

function renderPage(adminValidation: AdminValidation | null, path = platformPath('socradarIntelligence')) {
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

const ADMIN: AdminValidation = { authorized: true, reason: null };
const ANALYST: AdminValidation = { authorized: false, reason: 'not_admin' };

beforeEach(() => {
  resetFakeSupabase();
  runs = RUNS;
});

describe('Third-Party Intelligence', () => {
  it('lists every source with its last run, a failing one first and standing out with its error', async () => {
    answerBackend();
    renderPage(ANALYST);
    // The first render of the file loads the whole page: allow for a busy machine.
    const attention = await screen.findByRole(
      'region',
      { name: '1 source needs attention' },
      { timeout: 4000 },
    );
    const item = within(attention).getByRole('listitem');
    expect(item).toHaveTextContent('Failing');
    expect(item).toHaveTextContent('abuse.ch Feodo Tracker');
    expect(item).toHaveTextContent('Its latest finished import failed; the last success was 2 d ago.');
    expect(item).toHaveTextContent(`Error: not a blocklist: ${HOSTILE}`);
    // Colour and an icon and a word: the badge is solid red with its icon and says so.
    const badge = within(item).getByText('Failing');
    expect(badge).toHaveAttribute('data-health', 'failed');
    expect(badge.querySelector('svg')).not.toBeNull();

    const grid = screen.getByRole('grid', { name: 'Sources' });
    await waitFor(() => expect(within(grid).getAllByRole('row')).toHaveLength(4), { timeout: 4000 });
    const rows = within(grid).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('gridcell')[1]!.textContent)).toEqual([
      'abuse.ch Feodo Tracker',
      'CISA KEV',
      'Old feed',
    ]);
    expect(rows[1]).toHaveTextContent('Healthy');
    expect(rows[1]).toHaveTextContent('A · Completely reliable');
    expect(rows[1]).toHaveTextContent('TLP:CLEAR');
    expect(rows[1]).toHaveTextContent('Every day');
    expect(rows[1]).toHaveTextContent('Succeeded2 h ago');
    expect(rows[1]).toHaveTextContent('1,404');
    expect(rows[1]).toHaveTextContent('2.5 s');
    expect(rows[2]).toHaveTextContent('Disabled');
    expect(rows[2]).toHaveTextContent('Never run');
    expect(document.querySelector('img')).toBeNull();
  });

  it('keeps the attention filter and the open source in the URL; an analyst sees the runs and no controls', async () => {
    answerBackend();
    const { user, router } = renderPage(ANALYST);
    await screen.findByRole('grid', { name: 'Sources' });
    await user.click(screen.getByText('Needs attention only'));
    await waitFor(
      () => expect(within(screen.getByRole('grid', { name: 'Sources' })).getAllByRole('row')).toHaveLength(2),
      { timeout: 4000 },
    );
    expect(router.state.location.search).toBe('?attention=1');

    await user.click(screen.getByRole('button', { name: 'abuse.ch Feodo Tracker' }));
    const drawer = await screen.findByRole('dialog');
    expect(new URLSearchParams(router.state.location.search).get('source')).toBe(FEODO_ID);
    expect(drawer).toHaveTextContent('B · Usually reliable');
    expect(within(drawer).queryByRole('button', { name: /Sync now/ })).toBeNull();
    expect(within(drawer).queryByRole('form', { name: 'Source settings' })).toBeNull();

    await user.click(within(drawer).getByRole('tab', { name: 'Runs' }));
    const history = await within(drawer).findByRole('grid', { name: 'Runs' });
    const [failed, uploaded] = within(history).getAllByRole('row').slice(1);
    expect(failed).toHaveTextContent('FailedSchedule or CLI');
    expect(uploaded).toHaveTextContent('SucceededFile upload');
    // The newest run is open: its error, rendered as text.
    expect(within(drawer).getByRole('region', { name: 'Run 9' })).toHaveTextContent(
      `The run failed and nothing of it was kept: not a blocklist: ${HOSTILE}`,
    );
    await user.click(uploaded!);
    const detail = within(drawer).getByRole('region', { name: 'Run 8' });
    expect(detail).toHaveTextContent('partner.csv');
    expect(await within(detail).findByRole('table', { name: /Records refused by run 8/ })).toHaveTextContent(
      `line 3not an IP address: ${HOSTILE}`,
    );
    expect(document.querySelector('img')).toBeNull();
  });

  it('asks an administrator without a verified second factor to verify before changing anything', async () => {
    answerBackend();
    renderPage(
      { authorized: false, reason: 'mfa_required' },
      `${platformPath('socradarIntelligence')}?source=${KEV_ID}`,
    );
    const drawer = await screen.findByRole('dialog');
    await within(drawer).findByText(/verify your second factor first/);
    expect(within(drawer).getByRole('link', { name: 'open the Admin Dashboard' })).toHaveAttribute(
      'href',
      platformPath('admin'),
    );
    expect(within(drawer).queryByRole('button', { name: /Sync now/ })).toBeNull();
  });

  it('lets an administrator change a source: the server gets every field', async () => {
    answerBackend();
    let sent: unknown;
    answerRpc('update_source', (args) => {
      sent = args;
      return { data: [{ id: KEV_ID, enabled: false, reliability: 'C', default_tlp: 'amber' }], error: null };
    });
    const { user } = renderPage(ADMIN, `${platformPath('socradarIntelligence')}?source=${KEV_ID}`);
    const form = await screen.findByRole('form', { name: 'Source settings' });
    expect(within(form).getByRole('button', { name: 'Save changes' })).toBeDisabled();
    await user.click(within(form).getByRole('checkbox', { name: 'Enabled (scheduled syncs run)' }));
    await user.selectOptions(within(form).getByLabelText('Reliability'), 'C');
    await user.selectOptions(within(form).getByLabelText('Default TLP'), 'amber');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    await waitFor(() =>
      expect(sent).toEqual({ _id: KEV_ID, _enabled: false, _reliability: 'C', _default_tlp: 'amber' }),
    );
  });

  it('shows the refusal when the server will not change a source', async () => {
    answerBackend();
    answerRpc('update_source', () => ({
      data: null,
      error: { message: 'Only administrators with a verified second factor can change sources' },
    }));
    const { user } = renderPage(ADMIN, `${platformPath('socradarIntelligence')}?source=${KEV_ID}`);
    const form = await screen.findByRole('form', { name: 'Source settings' });
    await user.selectOptions(within(form).getByLabelText('Reliability'), 'E');
    await user.click(within(form).getByRole('button', { name: 'Save changes' }));
    expect(await within(form).findByRole('alert')).toHaveTextContent(
      'The source was not changed: Only administrators with a verified second factor can change sources',
    );
  });

  it('starts a sync and follows the run live: queued, running, then its counts', async () => {
    const log = answerBackend();
    const realtime = captureChannel();
    let synced: unknown;
    answerRpc('request_source_sync', (args) => {
      synced = args;
      runs = [{ ...RUNS[1], id: 10, status: 'queued', records: 0, inserted: 0, rejected: 0, upload: null }];
      return { data: 10, error: null };
    });
    const { user } = renderPage(ADMIN, `${platformPath('socradarIntelligence')}?source=${KEV_ID}`);
    act(() => realtime.status('SUBSCRIBED'));
    expect(realtime.bindings.map((binding) => binding.filter)).toEqual([
      { event: 'INSERT', schema: 'public', table: 'import_runs' },
      { event: 'UPDATE', schema: 'public', table: 'import_runs' },
    ]);
    expect(await screen.findByText('Live')).toBeInTheDocument();

    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: 'Sync now' }));
    expect(synced).toEqual({ _source_id: KEV_ID });
    const progress = await within(drawer).findByText('Run 10:');
    await waitFor(() =>
      expect(progress.parentElement).toHaveTextContent("Waiting for the importer's worker to pick it up"),
    );
    expect(within(drawer).getByRole('button', { name: 'Sync now' })).toBeDisabled();

    const runReads = () => log.filter((request) => request.table === 'import_runs').length;
    const before = runReads();
    runs = [{ ...runs[0], status: 'running' }];
    act(() => realtime.bindings[1]!.callback({ new: { source_id: KEV_ID, status: 'running' } }));
    await waitFor(() => expect(progress.parentElement).toHaveTextContent('Importing on the server'));
    expect(runReads()).toBeGreaterThan(before);

    runs = [
      {
        ...runs[0],
        status: 'succeeded',
        started_at: '2026-03-11T10:00:00Z',
        finished_at: '2026-03-11T10:00:02Z',
        records: 1404,
        inserted: 3,
        updated: 1,
        unchanged: 1400,
      },
    ];
    act(() => realtime.bindings[1]!.callback({ new: { source_id: KEV_ID, status: 'succeeded' } }));
    await waitFor(() =>
      expect(progress.parentElement).toHaveTextContent(
        'Succeeded1,404 records: 3 new, 1 updated, 1,400 unchanged, 0 rejected, in 2.0 s.',
      ),
    );
  });

  it("uploads a file into the administrator's own folder and queues its import for the source", async () => {
    answerBackend();
    setInitialSession(makeSession({ id: 'user-1' }));
    answerStorage(() => ({ data: { path: 'ok' }, error: null }));
    let requested: unknown;
    answerRpc('request_file_import', (args) => {
      requested = args;
      runs = [{ ...RUNS[1], id: 11, status: 'queued' }];
      return { data: 11, error: null };
    });
    const { user } = renderPage(ADMIN, `${platformPath('socradarIntelligence')}?source=${FEODO_ID}`);
    const drawer = await screen.findByRole('dialog');
    const file = new File(['"first_seen_utc","dst_ip"\n'], '../partner list.csv', { type: 'text/csv' });
    await user.upload(await within(drawer).findByLabelText('Intelligence file'), file);
    expect(within(drawer).getByLabelText('File format')).toHaveDisplayValue(
      "The source's format (abuse.ch Feodo Tracker (JSON or CSV))",
    );
    await user.selectOptions(within(drawer).getByLabelText('File format'), 'threatfox');
    await user.click(within(drawer).getByRole('button', { name: 'Import file' }));

    expect(await within(drawer).findByText('Run 11:')).toBeInTheDocument();
    const [upload] = fakeStorage.calls;
    expect(upload).toMatchObject({ method: 'upload', bucket: 'intel-uploads' });
    expect(upload!.args[0]).toMatch(/^user-1\/[0-9a-f-]{36}\/partner_list\.csv$/);
    expect(requested).toEqual({ _object_name: upload!.args[0], _source_id: FEODO_ID, _format: 'threatfox' });
  });

  it('refuses an empty file before sending it, and takes a refused upload back off the server', async () => {
    answerBackend();
    setInitialSession(makeSession({ id: 'user-1' }));
    answerStorage(() => ({ data: { path: 'ok' }, error: null }));
    answerRpc('request_file_import', () => ({
      data: null,
      error: { message: 'You already have 3 file imports waiting; import more when one has finished' },
    }));
    const { user } = renderPage(ADMIN, `${platformPath('socradarIntelligence')}?source=${FEODO_ID}`);
    const drawer = await screen.findByRole('dialog');
    await user.upload(await within(drawer).findByLabelText('Intelligence file'), new File([], 'empty.csv'));
    expect(within(drawer).getByRole('alert')).toHaveTextContent(
      'empty.csv (0 bytes) cannot be imported here: the file is empty.',
    );
    expect(within(drawer).getByRole('button', { name: 'Import file' })).toBeDisabled();

    await user.upload(within(drawer).getByLabelText('Intelligence file'), new File(['x'], 'feed.csv'));
    await user.click(within(drawer).getByRole('button', { name: 'Import file' }));
    expect(await within(drawer).findByText(/already have 3 file imports waiting/)).toHaveAttribute(
      'role',
      'alert',
    );
    expect(fakeStorage.calls.map((call) => [call.method, call.bucket])).toEqual([
      ['upload', 'intel-uploads'],
      ['remove', 'intel-uploads'],
    ]);
  });

  it('says so when the sources cannot be loaded', async () => {
    answerRpc('source_overview', () => ({ data: null, error: { message: 'The server did not answer.' } }));
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    const router = createMemoryRouter(
      [
        {
          path: platformPath('socradarIntelligence'),
          element: <ThirdPartyIntelligencePage definition={pageDefinition('socradarIntelligence')} />,
        },
      ],
      { initialEntries: [platformPath('socradarIntelligence')] },
    );
    render(
      <AppProvider store={makeStore()} queryClient={queryClient}>
        <RouterProvider router={router} />
      </AppProvider>,
    );
    expect(
      await screen.findByText('The sources could not be loaded: The server did not answer.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
