import { render, screen, waitFor, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { pageDefinition } from '@/app/routes/platform/pages';
import ThirdPartyIntelligencePage from '@/app/routes/platform/third-party-intelligence';
import { makeQueryClient } from '@/lib/query-client';
import {
  HOSTILE,
  KEV_ID,
  FEODO_ID,
  answerBackend,
  renderPage,
  ANALYST,
  resetWorld,
} from '@/app/routes/platform/testing/third-party-world';
import { platformPath } from '@/config/paths';
import { answerRpc } from '@/testing/fake-supabase';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised tables draw rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

beforeEach(resetWorld);

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
