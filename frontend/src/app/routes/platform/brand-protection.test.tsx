import { generateLookalikes } from '@intel/brand';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { toaster } from '@/components/ui/toast';
import { platformPath } from '@/config/paths';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { answerTables, callArgs, type TableRequest } from '@/testing/fake-tables';
import BrandProtectionPage from './brand-protection';
import { pageDefinition } from './pages';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised tables draw rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

const WATCH = 'a0a0a0a0-0000-4000-8000-000000000001';
const NEW_WATCH = 'a0a0a0a0-0000-4000-8000-000000000002';
const ALERT = '7d8f2a64-3c1e-4b8a-9f0d-2e5b6c7a8d90';

const watchRow = (id: string, value: string) => ({
  id,
  kind: 'domain',
  value,
  value_ascii: value,
  note: '',
  enabled: true,
  created_at: '2026-03-01T00:00:00Z',
});

const LOOKALIKES = [
  { domain: 'paypa1.com', unicode: 'paypa1.com', family: 'homoglyph' },
  { domain: 'xn--pypal-4ve.com', unicode: 'p\u0430ypal.com', family: 'homoglyph' },
  { domain: 'paypal.net', unicode: 'paypal.net', family: 'tld-swap' },
  { domain: 'paypall.com', unicode: 'paypall.com', family: 'addition' },
];

const HIT = {
  id: ALERT,
  title: 'Lookalike of paypal.com in intelligence: pаypal.com',
  severity: 'high',
  status: 'new',
  created_at: '2026-03-02T10:00:00Z',
  metadata: {
    evidence: {
      watch: 'paypal.com',
      lookalike: 'xn--pypal-4ve.com',
      unicode: 'p\u0430ypal.com',
      family: 'homoglyph',
      indicator_id: 42,
      type: 'url',
      value: 'https://xn--pypal-4ve.com/login',
      confidence: 80,
      tlp: 'amber',
    },
  },
};

let watches: ReturnType<typeof watchRow>[];
let calls: TableRequest[];

function answerBackend() {
  calls = answerTables((call) => {
    if (call.table === 'watches') return { data: callArgs(call, 'select') ? watches : null, error: null };
    if (call.table === 'lookalike_domains')
      // Keyset pages: everything on the first page, then an empty one.
      return { data: callArgs(call, 'gt') ? [] : LOOKALIKES, error: null };
    if (call.table === 'enhanced_security_alerts') return { data: [HIT], error: null };
    return { data: [], error: null };
  });
}

function renderPage(path = platformPath('brandProtection')) {
  const router = createMemoryRouter(
    [
      {
        path: platformPath('brandProtection'),
        element: <BrandProtectionPage definition={pageDefinition('brandProtection')} />,
      },
      { path: platformPath('threatIntelligenceHub'), element: <h1>Hub</h1> },
    ],
    { initialEntries: [path] },
  );
  const user = userEvent.setup();
  render(
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user, router };
}

beforeEach(() => {
  toaster.remove();
  resetFakeSupabase();
  watches = [watchRow(WATCH, 'paypal.com')];
  answerBackend();
});

describe('Brand Protection', () => {
  it('opens the newest watch: its lookalikes by family, the candidates, and the hits linking to the Hub', async () => {
    const { user, router } = renderPage();
    expect(screen.getByRole('heading', { level: 1, name: 'Brand Protection' })).toBeInTheDocument();
    const table = await screen.findByRole('grid', { name: 'Lookalikes of paypal.com' });
    await waitFor(() => expect(within(table).getAllByRole('row').slice(1)).toHaveLength(4));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('paypa1[.]com');

    const lookalikeReads = calls.filter((call) => call.table === 'lookalike_domains');
    expect(callArgs(lookalikeReads[0]!, 'eq')).toEqual(['watch_id', WATCH]);
    expect(callArgs(lookalikeReads[1]!, 'gt')).toEqual(['domain', 'paypall.com']);

    // The chart's table view: counts per family, largest first.
    const chart = screen.getByRole('region', { name: 'Lookalikes by family' });
    await user.click(within(chart).getByRole('button', { name: 'Show table' }));
    const cells = within(chart)
      .getAllByRole('row')
      .slice(1)
      .map((row) => row.textContent);
    expect(cells).toEqual(['homoglyph2', 'addition1', 'tld-swap1']);

    // The homoglyph intelligence lists is marked and links to its alert.
    const listed = await within(table).findByRole('link', { name: 'Open the alert for xn--pypal-4ve[.]com' });
    expect(listed).toHaveAttribute('href', `${platformPath('threatIntelligenceHub')}?alert=${ALERT}`);
    const hits = screen.getByRole('grid', { name: 'Lookalikes found in intelligence' });
    expect(within(hits).getAllByRole('row')[1]).toHaveTextContent('hxxps://xn--pypal-4ve[.]com/login');
    expect(within(hits).getAllByRole('row')[1]).toHaveTextContent('TLP:AMBER');
    const hitQuery = calls.find((call) => call.table === 'enhanced_security_alerts')!;
    expect(hitQuery.calls).toContainEqual(['eq', ['rule_key', 'lookalike-domain']]);
    expect(hitQuery.calls).toContainEqual(['eq', ['metadata->evidence->>watch', 'paypal.com']]);

    await user.click(within(hits).getByRole('link', { name: 'Open the alert for xn--pypal-4ve[.]com' }));
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('threatIntelligenceHub')));
    expect(router.state.location.search).toBe(`?alert=${ALERT}`);
  });

  it('filters the candidates by family and search, from the URL', async () => {
    const { user, router } = renderPage();
    const table = await screen.findByRole('grid', { name: 'Lookalikes of paypal.com' });
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(5));
    await user.selectOptions(screen.getByRole('combobox', { name: 'Family' }), 'homoglyph');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(3));
    expect(router.state.location.search).toBe(`?family=homoglyph`);
    await user.type(screen.getByRole('searchbox', { name: 'Search lookalikes' }), 'pаy');
    await waitFor(() => expect(within(table).getAllByRole('row')).toHaveLength(2));
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent('xn--pypal-4ve[.]com');
  });

  it('adds a domain watch with its generated lookalikes and says what was stored and raised', async () => {
    answerRpc('add_domain_watch', () => ({
      data: { watch_id: NEW_WATCH, lookalikes: 1985, lookalike_alerts: 2, mention_alerts: 1 },
      error: null,
    }));
    const { user, router } = renderPage();
    await screen.findByRole('grid', { name: 'Lookalikes of paypal.com' });
    watches = [watchRow(NEW_WATCH, 'example.com'), ...watches];

    await user.click(screen.getByRole('textbox', { name: /Domain to watch/ }));
    await user.paste('hxxps://example[.]com/login');
    await user.type(screen.getByRole('textbox', { name: 'Note (optional)' }), 'Main site');
    await user.click(screen.getByRole('button', { name: 'Watch domain' }));

    const expected = generateLookalikes('example.com');
    await waitFor(
      () =>
        expect(fakeSupabase.rpc).toHaveBeenCalledWith('add_domain_watch', {
          _domain: 'example.com',
          _ascii: 'example.com',
          _lookalikes: expected.map(({ domain, unicode, family }) => ({ domain, unicode, family })),
          _note: 'Main site',
        }),
      // Generating 2,700 names on two busy cores takes a moment.
      { timeout: 10_000 },
    );
    expect(expected.length).toBeGreaterThan(2000);
    expect(await screen.findByText(/^Watching example\.com:/)).toHaveTextContent(
      `Watching example.com: ${expected.length.toLocaleString()} lookalikes generated, 1,985 stored ` +
        `(${(expected.length - 1985).toLocaleString()} were already stored); 2 lookalike alerts and 1 leak-post alert raised.`,
    );
    await waitFor(() => expect(router.state.location.search).toBe(`?watch=${NEW_WATCH}`));
    expect(await screen.findByRole('heading', { name: 'Lookalikes of example.com' })).toBeInTheDocument();
  });

  it('says why a domain cannot be watched, before asking the server', async () => {
    const { user } = renderPage();
    await user.type(screen.getByRole('textbox', { name: /Domain to watch/ }), '192.0.2.1');
    await user.click(screen.getByRole('button', { name: 'Watch domain' }));
    expect(await screen.findByRole('alert', {}, { timeout: 5000 })).toHaveTextContent(
      'The domain was not added: This is not a domain that can be watched: an IP address',
    );
    expect(fakeSupabase.rpc).not.toHaveBeenCalledWith('add_domain_watch', expect.anything());
  });

  it('pauses a watch and deletes one after confirming', async () => {
    const { user } = renderPage();
    await user.click(await screen.findByRole('button', { name: 'Pause the watch paypal.com' }));
    await waitFor(() =>
      expect(calls.find((call) => call.table === 'watches' && callArgs(call, 'update'))?.calls).toEqual([
        ['update', [{ enabled: false }]],
        ['eq', ['id', WATCH]],
      ]),
    );
    await user.click(screen.getByRole('button', { name: 'Delete the watch paypal.com' }));
    expect(calls.some((call) => callArgs(call, 'delete'))).toBe(false);
    await user.click(screen.getByRole('button', { name: 'Confirm deleting the watch paypal.com' }));
    await waitFor(() =>
      expect(calls.find((call) => call.table === 'watches' && callArgs(call, 'delete'))?.calls).toEqual([
        ['delete', []],
        ['eq', ['id', WATCH]],
      ]),
    );
  });
});
