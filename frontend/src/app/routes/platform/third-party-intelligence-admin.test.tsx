import { act, screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import {
  KEV_ID,
  FEODO_ID,
  RUNS,
  setRuns,
  currentRuns,
  answerBackend,
  captureChannel,
  renderPage,
  ADMIN,
  resetWorld,
} from '@/app/routes/platform/testing/third-party-world';
import { platformPath } from '@/config/paths';
import {
  answerRpc,
  answerStorage,
  fakeStorage,
  makeSession,
  setInitialSession,
} from '@/testing/fake-supabase';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised tables draw rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

beforeEach(resetWorld);

describe('Third-Party Intelligence: an administrator changes sources', () => {
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
      setRuns([{ ...RUNS[1], id: 10, status: 'queued', records: 0, inserted: 0, rejected: 0, upload: null }]);
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
    setRuns([{ ...currentRuns()[0], status: 'running' }]);
    act(() => realtime.bindings[1]!.callback({ new: { source_id: KEV_ID, status: 'running' } }));
    await waitFor(() => expect(progress.parentElement).toHaveTextContent('Importing on the server'));
    expect(runReads()).toBeGreaterThan(before);

    setRuns([
      {
        ...currentRuns()[0],
        status: 'succeeded',
        started_at: '2026-03-11T10:00:00Z',
        finished_at: '2026-03-11T10:00:02Z',
        records: 1404,
        inserted: 3,
        updated: 1,
        unchanged: 1400,
      },
    ]);
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
      setRuns([{ ...RUNS[1], id: 11, status: 'queued' }]);
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
});
