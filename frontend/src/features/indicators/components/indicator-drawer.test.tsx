import { ChakraProvider } from '@chakra-ui/react';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { entityPaths } from '@/config/paths';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { system } from '@/theme/system';
import { IndicatorDrawer } from './indicator-drawer';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const ID = 909;
const ALERT_ID = 'f4414f74-f451-4a5f-a2c5-713c464de87b';
const MALWARE = 'malware--5c7c8d4e-1f6a-4b1e-9a51-2f0e1f6a4b1e';

const INDICATOR = {
  id: ID,
  type: 'ipv4',
  value: '129.28.85.210',
  stix_id: 'indicator--80bf752a-70cd-5dde-9795-fa9baf4a7995',
  pattern: "[ipv4-addr:value = '129.28.85.210']",
  name: null,
  description: null,
  confidence: 75,
  tlp: 'clear',
  first_seen: '2026-11-01T00:00:00Z',
  last_seen: '2026-11-20T00:00:00Z',
  valid_from: null,
  valid_until: null,
  revoked: false,
  labels: [],
  kill_chain_phases: [],
  created_at: '2026-11-01T00:00:00Z',
  updated_at: '2026-11-01T00:00:00Z',
  asn: 45090,
  as_name: 'Shenzhen Tencent Computer Systems Company Limited',
  country: 'CN',
};

/** `from('indicators').select().eq().maybeSingle()` answering the indicator. */
function answerIndicator() {
  const builder: Record<string, unknown> = {};
  for (const method of ['select', 'eq', 'maybeSingle']) builder[method] = () => builder;
  builder.then = (resolve: (value: unknown) => unknown) =>
    Promise.resolve({ data: INDICATOR, error: null }).then(resolve);
  vi.mocked(fakeSupabase.from).mockImplementation((() => builder) as unknown as typeof fakeSupabase.from);
}

function answerActivity() {
  answerRpc('indicator_activity', () => ({
    data: [{ sightings: 3, seen: 21, sensors: 3, alerts: 1, open_alerts: 1 }],
    error: null,
  }));
  answerRpc('indicator_sightings', () => ({
    data: ['dmz-ids-02', 'branch-gw-03', 'edge-fw-01'].map((sensor, i) => ({
      stix_id: `sighting--00000000-0000-4000-8000-00000000000${i}`,
      sensor,
      where_sighted_refs: [],
      count: [11, 6, 4][i],
      first_seen: '2026-11-20T20:00:31Z',
      last_seen: '2026-11-26T05:05:13Z',
      last_event_type: 'dns',
      tlp: 'clear',
    })),
    error: null,
  }));
  answerRpc('indicator_alerts', () => ({
    data: [
      {
        id: ALERT_ID,
        title: 'Ipv4 129.28.85.210 seen by dmz-ids-02',
        severity: 'high',
        status: 'new',
        category: 'network',
        created_at: '2026-11-26T05:05:13Z',
        updated_at: '2026-11-26T05:05:13Z',
      },
    ],
    error: null,
  }));
  answerRpc('indicator_reports', () => ({
    data: [
      {
        source_id: '50000000-0000-4000-a000-000000000001',
        source_name: 'ThreatFox',
        reliability: 'B',
        external_id: '1650931',
        reference: 'https://search.censys.io/hosts/129.28.85.210',
        first_seen: null,
        last_seen: null,
        confidence: 75,
        tlp: 'clear',
        malware: ['IClickFix'],
        import_run_id: 1,
        pap: 'amber',
      },
    ],
    error: null,
  }));
  answerRpc('indicator_relations', () => ({
    data: [
      {
        relationship_type: 'indicates',
        stix_id: MALWARE,
        type: 'malware',
        name: 'IClickFix',
        direction: 'out',
      },
    ],
    error: null,
  }));
}

function renderDrawer() {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(
    [{ path: '/', element: <IndicatorDrawer id={ID} onClose={() => {}} onRevoke={() => {}} /> }],
    { initialEntries: ['/'] },
  );
  render(
    <ChakraProvider value={system}>
      <QueryClientProvider client={queryClient}>
        <RouterProvider router={router} />
      </QueryClientProvider>
    </ChakraProvider>,
  );
  return userEvent.setup();
}

beforeEach(() => {
  resetFakeSupabase();
  answerIndicator();
  answerActivity();
});

describe('IndicatorDrawer', () => {
  it('shows the address’s AS and country from the offline database, with its attribution', async () => {
    renderDrawer();
    expect(
      await screen.findByText('AS45090 Shenzhen Tencent Computer Systems Company Limited'),
    ).toBeInTheDocument();
    expect(screen.getByText('China (CN)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'db-ip.com' })).toHaveAttribute('href', 'https://db-ip.com');
  });

  it('counts the sightings in the tab label and links each sensor to Network Monitoring', async () => {
    const user = renderDrawer();
    await user.click(await screen.findByRole('tab', { name: 'Sightings (3)' }));
    expect(await screen.findByText('Seen 21 times on 3 sensors.')).toBeInTheDocument();
    const sensor = screen.getByRole('link', { name: 'dmz-ids-02' });
    expect(sensor).toHaveAttribute('href', entityPaths.sensor('dmz-ids-02'));
    expect(screen.getAllByRole('row')).toHaveLength(4);
  });

  it('lists the alerts it raised, each opening in the Hub, the indicator in the title defanged', async () => {
    const user = renderDrawer();
    await user.click(await screen.findByRole('tab', { name: 'Alerts (1)' }));
    const alert = await screen.findByRole('link', { name: 'Ipv4 129[.]28[.]85[.]210 seen by dmz-ids-02' });
    expect(alert).toHaveAttribute('href', `/platform/threat-intelligence-hub?alert=${ALERT_ID}`);
  });

  it('links the malware it indicates to its Enhanced CTI profile', async () => {
    const user = renderDrawer();
    await user.click(await screen.findByRole('tab', { name: 'Relationships' }));
    const malware = await screen.findByRole('link', { name: 'IClickFix' });
    expect(malware).toHaveAttribute('href', `/platform/enhanced-cti?open=${MALWARE}`);
  });

  it('keeps a source’s reference a real external link', async () => {
    const user = renderDrawer();
    await user.click(await screen.findByRole('tab', { name: 'Sources' }));
    const reference = await screen.findByRole('link', {
      name: 'https://search.censys.io/hosts/129.28.85.210',
    });
    expect(reference).toHaveAttribute('href', 'https://search.censys.io/hosts/129.28.85.210');
    expect(reference).toHaveAttribute('target', '_blank');
    expect(reference).toHaveAttribute('rel', 'noopener noreferrer');
    expect(screen.getByText('PAP:AMBER')).toBeInTheDocument();
  });

  it('shows the STIX pattern verbatim, so a copy is valid, while the value itself stays defanged', async () => {
    renderDrawer();
    const overview = await screen.findByRole('tabpanel');
    expect(await within(overview).findByText("[ipv4-addr:value = '129.28.85.210']")).toBeInTheDocument();
    expect(within(overview).getAllByText('129[.]28[.]85[.]210').length).toBeGreaterThan(0);
  });
});
