import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { toaster } from '@/components/ui/toast';
import { platformPath } from '@/config/paths';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { pageDefinition } from './pages';
import ThreatHuntingPage from './threat-hunting';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised tables draw rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

const ALERT_ID = '7d8f2a64-3c1e-4b8a-9f0d-2e5b6c7a8d90';
const ME = 'user-1';

interface HuntArgs {
  _types: string[];
  _values: string[];
}

/** What the knowledge base knows, by canonical value. */
const KNOWN: Record<
  string,
  { id: number; tlp: 'amber' | 'green'; sources: string[]; sensors: string[]; state: 'active' | 'expired' }
> = {
  'evil.com': { id: 42, tlp: 'amber', sources: ['URLhaus'], sensors: ['edge-fw-1'], state: 'active' },
  '203.0.113.7': { id: 43, tlp: 'green', sources: ['Feodo Tracker'], sensors: [], state: 'expired' },
};

function answerHunt() {
  answerRpc('hunt_indicators', (args) => {
    const { _types, _values } = args as HuntArgs;
    return {
      data: _values.flatMap((value, i) => {
        const known = KNOWN[value];
        if (!known) return [];
        return [
          {
            ordinal: i + 1,
            id: known.id,
            type: _types[i],
            value,
            confidence: 80,
            tlp: known.tlp,
            first_seen: '2026-01-01T00:00:00Z',
            last_seen: '2026-03-04T05:06:00Z',
            revoked: false,
            malware: ['Emotet'],
            sources: known.sources,
            sightings: known.sensors.length ? 3 : 0,
            sensors: known.sensors,
            score: known.state === 'active' ? 72 : 0,
            lifecycle_state: known.state,
          },
        ];
      }),
      error: null,
    };
  });
}

function renderPage() {
  const store = makeStore({
    auth: {
      user: { id: ME, email: 'analyst@cti.local' },
      session: { userId: ME, expiresAt: null },
      loading: false,
      adminValidation: null,
    },
  });
  const router = createMemoryRouter(
    [
      {
        path: platformPath('threatHunting'),
        element: <ThreatHuntingPage definition={pageDefinition('threatHunting')} />,
      },
      { path: platformPath('threatIntelligenceHub'), element: <h1>Hub</h1> },
    ],
    { initialEntries: [platformPath('threatHunting')] },
  );
  const user = userEvent.setup();
  render(
    <AppProvider store={store}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user, router };
}

const PASTE = [
  '# from the incident ticket',
  'hxxp://nothing-here[.]example/x',
  'EVIL[.]com, evil.com',
  '203.0.113[.]7 ; not-an-indicator',
].join('\n');

async function pasteAndRun(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByLabelText('Values to hunt for'));
  await user.paste(PASTE);
  expect(
    await screen.findByText(/3 values to check · 1 duplicate folded · 1 entry not recognised/),
  ).toBeVisible();
  await user.click(screen.getByRole('button', { name: 'Run hunt' }));
  await screen.findByRole('tab', { name: 'Matched (2)' });
}

beforeEach(() => {
  toaster.remove();
  resetFakeSupabase();
  answerHunt();
});

describe('Threat Hunting', () => {
  it('reads the paste, runs it and shows matched and not-matched counts mapped back to the inputs', async () => {
    const { user } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Threat Hunting' })).toBeInTheDocument();
    await pasteAndRun(user);

    expect(fakeSupabase.rpc).toHaveBeenCalledWith('hunt_indicators', {
      _types: ['url', 'domain', 'ipv4'],
      _values: ['http://nothing-here.example/x', 'evil.com', '203.0.113.7'],
    });
    expect(screen.getByRole('status')).toHaveTextContent('2 matched, 1 not matched of 3 values.');
    expect(screen.getByRole('tab', { name: 'Not matched (1)' })).toBeInTheDocument();
    expect(screen.getByText('Line 4:', { exact: false })).toHaveTextContent(
      'not-an-indicator — Not an IP address or range, domain, URL, e-mail address, hash, ASN or JA4 fingerprint.',
    );

    const matched = screen.getByRole('grid', { name: 'Matched values' });
    const rows = within(matched).getAllByRole('row').slice(1);
    expect(rows).toHaveLength(2);
    expect(rows[0]).toHaveTextContent('evil[.]com');
    expect(rows[0]).toHaveTextContent('TLP:AMBER');
    expect(rows[0]).toHaveTextContent('3 on edge-fw-1');
    expect(rows[0]).toHaveTextContent('Active');
    expect(rows[1]).toHaveTextContent('203[.]0[.]113[.]7');
    // Found, but past its validity: the hunt says so.
    expect(rows[1]).toHaveTextContent('Expired');

    await user.click(screen.getByRole('tab', { name: 'Not matched (1)' }));
    const missed = await screen.findByRole('grid', { name: 'Values not matched' });
    expect(within(missed).getAllByRole('row').slice(1)).toHaveLength(1);
    expect(missed).toHaveTextContent('hxxp://nothing-here[.]example/x');
  });

  it('raises an alert for a matched row and links to it in the hub', async () => {
    const { user, router } = renderPage();
    answerRpc('alert_from_hunt', () => ({ data: ALERT_ID, error: null }));
    await pasteAndRun(user);

    await user.click(screen.getByRole('button', { name: 'Raise an alert for evil[.]com' }));
    expect(fakeSupabase.rpc).toHaveBeenCalledWith('alert_from_hunt', {
      _indicator_id: 42,
      _hunt: undefined,
      _note: undefined,
    });
    const link = await screen.findByRole('link', { name: 'Open the alert' });
    expect(link).toHaveAttribute('href', `${platformPath('threatIntelligenceHub')}?alert=${ALERT_ID}`);
    // The row says it was raised, with the way to it, instead of offering to raise it again.
    const row = screen.getByRole('link', { name: 'Alert raised' });
    expect(row).toHaveAttribute('href', `${platformPath('threatIntelligenceHub')}?alert=${ALERT_ID}`);
    expect(screen.queryByRole('button', { name: 'Raise an alert for evil[.]com' })).toBeNull();
    await user.click(link);
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('threatIntelligenceHub')));
    expect(router.state.location.search).toBe(`?alert=${ALERT_ID}`);
  });

  it('raises alerts for the selection and shows a refusal in the server’s words', async () => {
    const { user } = renderPage();
    answerRpc('alert_from_hunt', (args) =>
      (args as { _indicator_id: number })._indicator_id === 43
        ? { data: null, error: { message: 'TLP:RED intelligence cannot be raised as an alert.' } }
        : { data: ALERT_ID, error: null },
    );
    await pasteAndRun(user);

    const matched = screen.getByRole('grid', { name: 'Matched values' });
    for (const box of within(matched).getAllByRole('checkbox', { name: 'Select row' })) await user.click(box);
    await user.click(screen.getByRole('button', { name: 'Raise alerts for the selection' }));

    const calls = fakeSupabase.rpc.mock.calls.filter(([name]) => name === 'alert_from_hunt');
    expect(calls.map(([, args]) => (args as { _indicator_id: number })._indicator_id)).toEqual([42, 43]);
    // The toast and the raised row both say so; the refused row can still be raised.
    expect(await screen.findAllByText('Alert raised')).toHaveLength(2);
    expect(within(matched).getAllByRole('link', { name: 'Alert raised' })).toHaveLength(1);
    expect(within(matched).getAllByRole('button', { name: /^Raise an alert for/ })).toHaveLength(1);
    expect(
      screen.getByText('One was refused: TLP:RED intelligence cannot be raised as an alert.'),
    ).toBeInTheDocument();
  });

  it('shows progress while the hunt runs and stops it on cancel', async () => {
    answerRpc('hunt_indicators', () => new Promise(() => undefined));
    const { user } = renderPage();
    await user.click(screen.getByLabelText('Values to hunt for'));
    await user.paste(PASTE);
    await screen.findByText(/3 values to check/);
    await user.click(screen.getByRole('button', { name: 'Run hunt' }));
    expect(await screen.findByRole('progressbar', { name: 'Checked 0 of 3' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Checked 0 of 3 values…');
    await user.click(screen.getByRole('button', { name: 'Cancel hunt' }));
    await waitFor(() =>
      expect(screen.getByRole('status')).toHaveTextContent('Hunt cancelled after 0 of 3 values.'),
    );
    expect(screen.queryByRole('progressbar')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Run hunt' })).toBeEnabled();
  });

  it('refuses a paste over 10 MB before reading it', async () => {
    const { user } = renderPage();
    const box = screen.getByLabelText('Values to hunt for');
    await user.click(box);
    await user.paste('a'.repeat(10 * 1024 * 1024 + 1));
    expect(await screen.findByRole('alert')).toHaveTextContent('a hunt takes at most 10 MB');
    expect(box).toHaveValue('');
  });

  it('runs a saved hunt again and records the run on it', async () => {
    const hunt = {
      id: 'b1c2d3e4-0000-4000-8000-000000000001',
      name: 'Week 47 phishing',
      value_count: 2,
      last_run_at: null,
      last_matched: null,
      created_by: ME,
      updated_at: '2026-03-01T00:00:00Z',
    };
    const writes: unknown[] = [];
    fakeSupabase.from.mockImplementation(() => {
      const calls: [string, unknown[]][] = [];
      const builder: Record<string, unknown> = {};
      for (const method of ['select', 'eq', 'order', 'limit', 'single', 'update', 'insert', 'delete'])
        builder[method] = (...args: unknown[]) => (calls.push([method, args]), builder);
      builder.then = (resolve: (value: unknown) => unknown) => {
        const [first, args] = calls[0]!;
        if (first === 'update') writes.push(args[0]);
        const data =
          first === 'select' && args[0] === 'query' ? { query: 'evil[.]com\nunknown.example' } : [hunt];
        return Promise.resolve({ data, error: null }).then(resolve);
      };
      return builder as never;
    });
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Run the hunt Week 47 phishing' }));
    await screen.findByRole('tab', { name: 'Matched (1)' });
    expect(screen.getByLabelText('Values to hunt for')).toHaveValue('evil[.]com\nunknown.example');
    expect(screen.getByRole('tab', { name: 'Not matched (1)' })).toBeInTheDocument();
    await waitFor(() => expect(writes).toEqual([{ last_run_at: expect.any(String), last_matched: 1 }]));
    expect(screen.getByRole('button', { name: 'Delete the hunt Week 47 phishing' })).toBeInTheDocument();
  });
});
