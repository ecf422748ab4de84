import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { resetFakeSupabase } from '@/testing/fake-supabase';
import { answerTables } from '@/testing/fake-tables';
import { system } from '@/theme/system';
import { DemoDatasetProgress } from './demo-dataset-progress';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const loading = {
  id: true,
  status: 'loading',
  steps_total: 21,
  steps_done: 6,
  current_step: 'FIRST EPSS (epss/epss_scores-2026-08-16-demo-subset.csv.gz)',
  started_at: '2026-11-27T09:00:00Z',
  updated_at: '2026-11-27T09:00:10Z',
  finished_at: null,
  error: null,
};

function renderProgress(client = new QueryClient({ defaultOptions: { queries: { retry: false } } })) {
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={client}>
        <DemoDatasetProgress />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return client;
}

describe('DemoDatasetProgress', () => {
  beforeEach(() => resetFakeSupabase());

  it('shows the steps loaded and what is loading now, file names as written', async () => {
    const log = answerTables(() => ({ data: loading, error: null }));
    renderProgress();
    expect(await screen.findByText('The demo dataset is loading in the background')).toBeInTheDocument();
    expect(
      screen.getByText(/Now: FIRST EPSS \(epss\/epss_scores-2026-08-16-demo-subset\.csv\.gz\)\./),
    ).toBeInTheDocument();
    expect(screen.getByRole('progressbar', { name: 'Steps loaded: 6 of 21' })).toBeInTheDocument();
    expect(log[0]!.table).toBe('demo_dataset_load');
  });

  it('says why a load stopped, inert, and that the next start resumes it', async () => {
    answerTables(() => ({
      data: {
        ...loading,
        status: 'failed',
        error: 'KEV: <img src=x onerror=alert(1)> was refused',
        finished_at: loading.updated_at,
      },
      error: null,
    }));
    renderProgress();
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      '6 of 21 steps were loaded. KEV: <img src=x onerror=alert(1)> was refused',
    );
    expect(alert).toHaveTextContent('It resumes at the next start of the platform.');
    expect(alert.querySelector('img')).toBeNull();
  });

  it.each([
    ['loaded', { ...loading, status: 'loaded', steps_done: 21, current_step: null }],
    ['never loaded this way', null],
  ])('shows nothing once %s', async (_, row) => {
    const log = answerTables(() => ({ data: row, error: null }));
    renderProgress();
    await waitFor(() => expect(log).toHaveLength(1));
    expect(screen.queryByRole('status')).toBeNull();
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('refreshes every page query when the load ends, so the pages show what arrived', async () => {
    let row: Record<string, unknown> = loading;
    answerTables(() => ({ data: row, error: null }));
    const client = renderProgress();
    await screen.findByText('The demo dataset is loading in the background');
    const invalidate = vi.spyOn(client, 'invalidateQueries');
    row = { ...loading, status: 'loaded', steps_done: 21 };
    await waitFor(() => expect(invalidate).toHaveBeenCalledWith(), { timeout: 6_000 });
    expect(screen.queryByRole('status')).toBeNull();
  });
});
