import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { platformPath } from '@/config/paths';
import { makeQueryClient } from '@/lib/query-client';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { pageDefinition } from './pages';
import ThreatAnalyticsPage from './threat-analytics';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const HOSTILE_HTML = '<img src=x onerror=alert(1)>';
const HOSTILE_FORMULA = "=cmd|' /C calc'!A0";
const TYPES = ['ipv4', 'ipv6', 'domain', 'url', 'email', 'md5', 'sha1', 'sha256', 'sha512'];
const SEVERITIES = ['low', 'medium', 'high', 'critical'];
const WEEKS = ['2026-11-16', '2026-11-23'];

/** What the server answers: every bucket with every series, as the RPCs do. */
const ANSWERS: Record<string, unknown[]> = {
  analytics_indicators_by_type: WEEKS.flatMap((bucket, week) =>
    TYPES.map((type) => ({
      bucket,
      unit: 'week',
      type,
      indicators: type === 'ipv4' ? 3 + week : type === 'domain' ? 2 : 0,
    })),
  ),
  analytics_indicators_by_source: WEEKS.flatMap((bucket) => [
    { bucket, unit: 'week', source_id: 's-1', source_name: 'Feed A', indicators: 4, total: 8 },
    { bucket, unit: 'week', source_id: 's-2', source_name: HOSTILE_HTML, indicators: 1, total: 2 },
    { bucket, unit: 'week', source_id: null, source_name: 'Other sources', indicators: 1, total: 2 },
  ]),
  analytics_alert_volume: ['2026-11-24', '2026-11-25'].flatMap((bucket) =>
    SEVERITIES.map((severity) => ({
      bucket,
      unit: 'day',
      severity,
      raised: severity === 'critical' ? 2 : 0,
    })),
  ),
  analytics_alert_response: [
    {
      severity: 'critical',
      raised: 4,
      acknowledged: 2,
      resolved: 1,
      dismissed: 0,
      mtta_seconds: 5400,
      mttr_seconds: 2.5 * 86_400,
    },
    {
      severity: 'high',
      raised: 1,
      acknowledged: 1,
      resolved: 0,
      dismissed: 1,
      mtta_seconds: 90,
      mttr_seconds: null,
    },
    {
      severity: 'medium',
      raised: 0,
      acknowledged: 0,
      resolved: 0,
      dismissed: 0,
      mtta_seconds: null,
      mttr_seconds: null,
    },
    {
      severity: 'low',
      raised: 0,
      acknowledged: 0,
      resolved: 0,
      dismissed: 0,
      mtta_seconds: null,
      mttr_seconds: null,
    },
  ],
  analytics_kev_additions: [
    { bucket: '2026-10-01', unit: 'month', additions: 12, ransomware: 3 },
    { bucket: '2026-11-01', unit: 'month', additions: 5, ransomware: 0 },
  ],
  analytics_kev_by_vendor: [
    { vendor: 'Microsoft', additions: 9, ransomware: 2 },
    { vendor: HOSTILE_FORMULA, additions: 1, ransomware: 0 },
  ],
  analytics_kev_epss: [
    { bucket: 0, score_from: null, score_to: null, cves: 2 },
    ...Array.from({ length: 10 }, (_, index) => ({
      bucket: index + 1,
      score_from: index / 10,
      score_to: (index + 1) / 10,
      cves: index === 9 ? 7 : 1,
    })),
  ],
  analytics_technique_frequency: [
    { stix_id: 'attack-pattern--1', attack_id: 'T1059.001', name: 'PowerShell', actors: 83, software: 124 },
    { stix_id: 'attack-pattern--2', attack_id: null, name: 'Unnumbered', actors: 2, software: 0 },
  ],
};

function answerAll(overrides: Record<string, unknown[] | Error> = {}) {
  for (const name of Object.keys(ANSWERS)) {
    answerRpc(name, () => {
      const answer = overrides[name] ?? ANSWERS[name];
      return answer instanceof Error
        ? { data: null, error: { message: answer.message } }
        : { data: answer, error: null };
    });
  }
}

/** The arguments of every call of one RPC, in order. */
const callsOf = (name: string) =>
  fakeSupabase.rpc.mock.calls.filter(([called]) => called === name).map(([, args]) => args);

function renderPage(search = '') {
  const queryClient = makeQueryClient();
  // Without the app's three retries (seconds apart): failures are a subject here.
  queryClient.setDefaultOptions({ queries: { retry: false } });
  const router = createMemoryRouter(
    [
      {
        path: platformPath('threatAnalyticsDashboard'),
        element: <ThreatAnalyticsPage definition={pageDefinition('threatAnalyticsDashboard')} />,
      },
    ],
    { initialEntries: [`${platformPath('threatAnalyticsDashboard')}${search}`] },
  );
  const user = userEvent.setup();
  render(
    <AppProvider store={makeStore()} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user, router };
}

const chart = (name: string) => screen.getByRole('region', { name });

async function tableOf(user: ReturnType<typeof userEvent.setup>, name: string) {
  await user.click(within(chart(name)).getByRole('button', { name: 'Show table' }));
  const table = within(chart(name)).getByRole('table');
  return {
    headers: within(table)
      .getAllByRole('columnheader')
      .map((cell) => cell.textContent),
    rows: within(table)
      .getAllByRole('row')
      .slice(1)
      .map((row) =>
        within(row)
          .getAllByRole('cell')
          .map((cell) => cell.textContent),
      ),
  };
}

beforeEach(() => resetFakeSupabase());

describe('Threat Analytics', () => {
  it('draws every chart from its own aggregate, each with a summary', async () => {
    answerAll();
    renderPage();
    expect(await screen.findByRole('heading', { level: 1, name: 'Threat Analytics' })).toBeInTheDocument();
    await waitFor(() => expect(screen.queryAllByRole('status')).toHaveLength(0));
    expect(chart('Indicators by type')).toHaveTextContent(
      '11 indicators first seen in the last 12 months, per week by type.',
    );
    expect(chart('Indicators by source')).toHaveTextContent(
      '12 reports of indicators first seen in the last 12 months, per week by source.',
    );
    expect(chart('Alert volume')).toHaveTextContent(
      '4 alerts raised in the last 30 days, per day by severity.',
    );
    expect(chart('KEV additions')).toHaveTextContent(
      '17 vulnerabilities added to the KEV catalogue over all time (3 with known ransomware use), per month.',
    );
    expect(chart('EPSS distribution of KEV entries')).toHaveTextContent('2 more have no EPSS score yet.');
    for (const name of Object.keys(ANSWERS)) expect(callsOf(name)).toHaveLength(1);
    expect(callsOf('analytics_indicators_by_type')[0]).toEqual({ _period: '1y' });
    expect(callsOf('analytics_indicators_by_source')[0]).toEqual({ _period: '1y', _top: 6 });
    expect(callsOf('analytics_technique_frequency')[0]).toEqual({ _period: 'all', _limit: 20 });
    // Hostile names are text, in the legends and in the SVG labels alike.
    expect(chart('Indicators by source')).toHaveTextContent(`${HOSTILE_HTML} (2)`);
    expect(chart('KEV additions by vendor')).toHaveTextContent(HOSTILE_FORMULA);
    expect(document.querySelector('img')).toBeNull();
  });

  it('gives each chart a table view with the same numbers', async () => {
    answerAll();
    const { user } = renderPage();
    await screen.findByText('PowerShell', { exact: false });

    const types = await tableOf(user, 'Indicators by type');
    // Only the types that have indicators in the period get a column (of twenty types).
    expect(types.headers).toEqual(['Period', 'IPv4', 'Domain', 'All']);
    expect(types.rows).toEqual([
      ['Week of 2026-11-16', '3', '2', '5'],
      ['Week of 2026-11-23', '4', '2', '6'],
    ]);

    const sources = await tableOf(user, 'Indicators by source');
    expect(sources.headers).toEqual(['Period', 'Feed A', HOSTILE_HTML, 'Other sources']);

    const response = await tableOf(user, 'Time to acknowledge and resolve');
    expect(response.rows[0]).toEqual(['Critical', '4', '2', '1.5 h', '1', '2.5 days', '0']);
    expect(response.rows[1]).toEqual(['High', '1', '1', '2 min', '0', '—', '1']);

    const epss = await tableOf(user, 'EPSS distribution of KEV entries');
    expect(epss.rows[0]).toEqual(['0.0–0.1', '1']);
    expect(epss.rows.at(-1)).toEqual(['No score yet', '2']);

    const techniques = await tableOf(user, 'Technique frequency across actors');
    expect(techniques.rows).toEqual([
      ['T1059.001 PowerShell', '83', '124'],
      ['Unnumbered', '2', '0'],
    ]);
    await user.click(
      within(chart('Technique frequency across actors')).getByRole('button', { name: 'Show chart' }),
    );
    expect(within(chart('Technique frequency across actors')).queryByRole('table')).not.toBeInTheDocument();
  });

  it('keeps each chart’s period in the URL and asks the server for that period only', async () => {
    answerAll();
    const { user, router } = renderPage('?techniques=1y');
    await screen.findByText('PowerShell', { exact: false });
    expect(callsOf('analytics_technique_frequency')[0]).toEqual({ _period: '1y', _limit: 20 });
    expect(screen.getByLabelText('Technique frequency across actors: period')).toHaveValue('1y');

    await user.selectOptions(screen.getByLabelText('KEV additions by vendor: period'), '30d');
    await waitFor(() =>
      expect(callsOf('analytics_kev_by_vendor').at(-1)).toEqual({ _period: '30d', _limit: 15 }),
    );
    await user.selectOptions(screen.getByLabelText('Alert volume: period'), '7d');
    await waitFor(() => expect(callsOf('analytics_alert_volume').at(-1)).toEqual({ _period: '7d' }));
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(
      'techniques=1y&vendors=30d&alerts=7d',
    );
    // The other charts kept their answers.
    expect(callsOf('analytics_indicators_by_type')).toHaveLength(1);
  });

  it('downloads a chart’s table as CSV, formulas neutralised', async () => {
    answerAll();
    const blobs: Blob[] = [];
    Object.assign(URL, {
      createObjectURL: vi.fn((blob: Blob) => {
        blobs.push(blob);
        return 'blob:analytics';
      }),
      revokeObjectURL: vi.fn(),
    });
    let fileName = '';
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      fileName = this.download;
    });
    const { user } = renderPage();
    const download = await screen.findByRole('button', { name: 'Download KEV additions by vendor as CSV' });
    await waitFor(() => expect(download).toBeEnabled());
    await user.click(download);
    await waitFor(() => expect(blobs).toHaveLength(1));
    expect(fileName).toBe('threat-analytics-kev-additions-by-vendor-all.csv');
    expect((await blobs[0]!.text()).split('\r\n')).toEqual([
      'Vendor,Added,Known ransomware use',
      'Microsoft,9,2',
      `"'${HOSTILE_FORMULA}",1,0`,
    ]);
    click.mockRestore();
  });

  it('says what failed in the chart that failed, with a retry, and keeps the others', async () => {
    answerAll({ analytics_kev_epss: new Error('The server did not answer.') });
    const { user } = renderPage();
    const failed = chart('EPSS distribution of KEV entries');
    expect(await within(failed).findByRole('alert')).toHaveTextContent(
      'EPSS distribution of KEV entries could not be loaded: The server did not answer.',
    );
    expect(
      within(failed).getByRole('button', { name: 'Download EPSS distribution of KEV entries as CSV' }),
    ).toBeDisabled();
    expect(await within(chart('KEV additions')).findByText(/17 vulnerabilities added/)).toBeInTheDocument();

    answerAll();
    await user.click(within(failed).getByRole('button', { name: 'Retry' }));
    expect(
      await within(chart('EPSS distribution of KEV entries')).findByText('2 more have no EPSS score yet.'),
    ).toBeInTheDocument();
  });

  it('explains an empty period instead of drawing nothing', async () => {
    const quiet = ANSWERS.analytics_alert_response!.map((row) => ({
      ...(row as object),
      acknowledged: 0,
      resolved: 0,
      mtta_seconds: null,
      mttr_seconds: null,
    }));
    answerAll({
      analytics_alert_response: quiet,
      analytics_technique_frequency: [],
      analytics_kev_by_vendor: [],
    });
    renderPage();
    expect(
      await within(chart('Time to acknowledge and resolve')).findByText(
        'None of the 5 alerts raised in the last 30 days has been acknowledged yet.',
      ),
    ).toBeInTheDocument();
    expect(chart('Technique frequency across actors')).toHaveTextContent(
      'No actor was linked to a technique over all time.',
    );
    expect(chart('KEV additions by vendor')).toHaveTextContent(
      'No vulnerability was added to the KEV catalogue over all time.',
    );
    expect(within(chart('KEV additions by vendor')).getByRole('button', { name: /as CSV$/ })).toBeDisabled();
  });
});
