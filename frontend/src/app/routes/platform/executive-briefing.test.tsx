import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { platformPath } from '@/config/paths';
import type { BriefingDocument } from '@/features/briefing/utils/briefing-document';
import { makeQueryClient } from '@/lib/query-client';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import ExecutiveBriefingPage from './executive-briefing';
import { pageDefinition } from './pages';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);
const downloads = vi.hoisted(() => [] as BriefingDocument[]);
vi.mock('@/features/briefing/pdf/download-briefing-pdf', () => ({
  downloadBriefingPdf: (document: BriefingDocument) => downloads.push(document),
}));

const HOSTILE = '<img src=x onerror=alert(1)>';
const SEVERITIES = ['low', 'medium', 'high', 'critical'];
const STATUSES = ['new', 'acknowledged', 'investigating', 'resolved', 'dismissed'];

/** The full grid the RPC answers, with these counts filled in. */
function alertRows(counts: Record<string, number>) {
  return ['current', 'previous'].flatMap((period) =>
    SEVERITIES.flatMap((severity) =>
      STATUSES.map((status) => ({
        period,
        severity,
        status,
        alerts: counts[`${period}:${severity}:${status}`] ?? 0,
      })),
    ),
  );
}

const threat = (kind: string, name: string, tlp: string, alerts: number, previous: number) => ({
  kind,
  stix_id: `${kind === 'malware' ? 'malware' : 'intrusion-set'}--${name.length}`,
  type: kind === 'malware' ? 'malware' : 'intrusion-set',
  name,
  tlp,
  alerts,
  sightings: 2,
  new_indicators: 10,
  previous_alerts: previous,
  previous_sightings: 0,
  previous_new_indicators: 0,
  used_by_actors: null,
  shared: false,
  // An actor is named on evidence of its own: here three indicators linked to it directly.
  confidence: kind === 'actor' ? 'moderate' : null,
  evidence: kind === 'actor' ? 'direct' : null,
  evidence_count: kind === 'actor' ? 3 : null,
  via_software: null,
});

const KEV = [
  {
    period: 'current',
    cve_id: 'CVE-2026-1001',
    kev_name: 'Acme Gateway RCE',
    kev_vendor: 'Acme',
    kev_product: 'Gateway',
    kev_date_added: '2026-11-20',
    kev_due_date: '2026-12-11',
    kev_ransomware_use: 'Known',
    epss_score: 0.5,
    tlp: 'clear',
    assets: ['vpn.corp.example'],
  },
  {
    period: 'previous',
    cve_id: 'CVE-2026-0900',
    kev_name: 'Other',
    kev_vendor: 'Other',
    kev_product: 'Thing',
    kev_date_added: '2026-10-20',
    kev_due_date: '2026-11-10',
    kev_ransomware_use: 'Unknown',
    epss_score: null,
    tlp: 'clear',
    assets: [],
  },
];

function answerBriefing() {
  answerRpc('briefing_alerts', () => ({
    data: alertRows({
      'current:critical:new': 3,
      'current:high:resolved': 9,
      'previous:high:resolved': 16,
    }),
    error: null,
  }));
  answerRpc('briefing_threats', () => ({
    data: [
      threat('malware', 'ClearFake', 'clear', 26, 20),
      threat('malware', HOSTILE, 'amber', 4, 0),
      threat('actor', 'TA505', 'clear', 4, 0),
    ],
    error: null,
  }));
  answerRpc('briefing_kev', () => ({ data: KEV, error: null }));
}

function renderPage(initial = platformPath('executiveBriefing'), queryClient = makeQueryClient()) {
  const router = createMemoryRouter(
    [
      {
        path: platformPath('executiveBriefing'),
        element: <ExecutiveBriefingPage definition={pageDefinition('executiveBriefing')} />,
      },
    ],
    { initialEntries: [initial] },
  );
  const user = userEvent.setup();
  render(
    <AppProvider store={makeStore()} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user, router };
}

const rpcCalls = (name: string) =>
  fakeSupabase.rpc.mock.calls.filter(([called]) => called === name).map(([, args]) => args);

beforeEach(() => {
  resetFakeSupabase();
  downloads.length = 0;
});

describe('Executive Briefing', () => {
  it('writes the last 30 days in sentences, figures with trends, charts and KEV tables, between TLP:AMBER bands', async () => {
    answerBriefing();
    renderPage();
    const sentences = await screen.findByRole('list', { name: 'The period in sentences' });
    expect(
      within(sentences)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      '12 alerts were raised in the last 30 days, 4 fewer than in the 30 days before; 3 were critical.',
      'Of these, 3 are new and 9 have been resolved.',
      `The most active malware family in the last 30 days was ClearFake (26 alerts, 2 sightings and 10 new indicators), followed by ${HOSTILE}.`,
      '4 alerts, 2 sightings and 10 new indicators are most likely linked to TA505 (moderate confidence: 3 direct links to TA505).',
      '1 entry was added to the CISA KEV catalogue in the last 30 days, the same number as in the 30 days before; it affects our assets (CVE-2026-1001).',
      'Today 1 asset is exposed to 1 KEV entry; it is known to be used in ransomware campaigns.',
    ]);
    expect(rpcCalls('briefing_alerts')).toEqual([{ _days: 30 }]);
    expect(rpcCalls('briefing_threats')).toEqual([{ _days: 30, _limit: 5 }]);

    const figures = screen.getByRole('list', { name: 'Key figures' });
    expect(within(figures).getAllByRole('listitem')[0]).toHaveTextContent(
      'Alerts raised12↓ 25% from 16down 25% from 16 in the previous 30 days',
    );
    // The bands above and below the briefing (the picker's option is the third).
    expect(within(screen.getByRole('article', { name: 'Briefing' })).getAllByText('TLP:AMBER')).toHaveLength(
      2,
    );
    expect(screen.getByRole('region', { name: 'Alerts by severity' })).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'Top malware families by alerts' })).toBeInTheDocument();
    const added = screen.getByRole('region', {
      name: 'KEV entries added in the last 30 days that affect our assets',
    });
    expect(within(added).getByRole('row', { name: /CVE-2026-1001/ })).toHaveTextContent(
      'Acme Gateway RCE (ransomware)',
    );
    // Names from feeds stay text.
    expect(document.querySelector('img')).toBeNull();
  });

  it('keeps the period and the marking in the URL, asks for that period, and warns about a wider marking', async () => {
    answerBriefing();
    const { user, router } = renderPage();
    await screen.findByRole('list', { name: 'The period in sentences' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    await user.selectOptions(screen.getByLabelText('Period'), '7d');
    await user.selectOptions(screen.getByLabelText('TLP marking'), 'green');
    expect(new URLSearchParams(router.state.location.search).toString()).toBe('period=7d&tlp=green');
    await waitFor(() => expect(rpcCalls('briefing_kev')).toContainEqual({ _days: 7 }));
    await waitFor(() =>
      expect(
        within(screen.getByRole('article', { name: 'Briefing' })).getAllByText('TLP:GREEN'),
      ).toHaveLength(2),
    );
    expect(screen.getByRole('status')).toHaveTextContent(
      'This briefing names intelligence marked TLP:AMBER: marking it TLP:GREEN shares it more widely than its sources allow.',
    );
  });

  it('exports the same briefing as a PDF with the chosen marking', async () => {
    answerBriefing();
    const { user } = renderPage(`${platformPath('executiveBriefing')}?tlp=amber%2Bstrict`);
    await screen.findByRole('list', { name: 'The period in sentences' });
    await user.click(screen.getByRole('button', { name: 'Export PDF' }));
    await waitFor(() => expect(downloads).toHaveLength(1));
    const [pdf] = downloads;
    expect(pdf!.tlpLabel).toBe('TLP:AMBER+STRICT');
    expect(pdf!.sentences[0]).toBe(
      '12 alerts were raised in the last 30 days, 4 fewer than in the 30 days before; 3 were critical.',
    );
    expect(pdf!.period).toMatch(/^The last 30 days: .+ to .+ \(UTC\)$/);
    expect(pdf!.filename).toMatch(/^executive-briefing-\d{4}-\d{2}-\d{2}-last-30-days-amber-strict\.pdf$/);
    expect(pdf!.charts.map((chart) => chart.title)).toEqual([
      'Alerts by severity',
      'Alerts by status today',
      'Top malware families by alerts',
      'Top threat actors by alerts',
    ]);
  });

  it('says so when the briefing cannot be read, with a retry', async () => {
    answerBriefing();
    answerRpc('briefing_threats', () => ({ data: null, error: { message: 'The server did not answer.' } }));
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    renderPage(undefined, queryClient);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The briefing could not be prepared: The server did not answer.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Export PDF' })).toBeDisabled();
  });
});
