import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { platformPath } from '@/config/paths';
import { makeQueryClient } from '@/lib/query-client';
import {
  answerRpc,
  answerStorage,
  fakeStorage,
  makeSession,
  resetFakeSupabase,
  setInitialSession,
} from '@/testing/fake-supabase';
import { answerTables, callArgs, type TableRequest } from '@/testing/fake-tables';
import NetworkMonitoringPage from './network-monitoring';
import { pageDefinition } from './pages';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised tables draw rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

const HOSTILE_HTML = '<img src=x onerror=alert(1)>';
const HOSTILE_FORMULA = "=cmd|' /C calc'!A0";
const HOUR = 3_600_000;
const hoursAgo = (hours: number) => new Date((Math.floor(Date.now() / HOUR) - hours) * HOUR).toISOString();

const SENSORS = [
  {
    name: 'edge-fw-1',
    kind: 'suricata',
    first_event_at: '2026-03-01T00:00:00Z',
    last_event_at: '2026-03-11T09:59:00Z',
    events: 2000,
    matched_events: 50,
    last_import_at: '2026-03-11T10:05:00Z',
  },
  {
    name: HOSTILE_HTML,
    kind: 'zeek',
    first_event_at: null,
    last_event_at: null,
    events: 0,
    matched_events: 0,
    last_import_at: null,
  },
];

const VOLUME = [
  { sensor: 'edge-fw-1', bucket: hoursAgo(0), event_type: 'flow', events: 1500, matched: 30 },
  { sensor: 'edge-fw-1', bucket: hoursAgo(0), event_type: 'http', events: 500, matched: 20 },
];

const EVIL = { id: 42, type: 'domain', value: 'evil.example', tlp: 'amber', confidence: 80 };
const SIGHTINGS = [
  {
    stix_id: 'sighting--1',
    indicator_id: 42,
    sensor: 'edge-fw-1',
    count: 37,
    first_seen: '2026-03-10T08:00:00Z',
    last_seen: '2026-03-11T09:30:00Z',
    last_event: {
      event_type: 'http',
      src_ip: '10.0.0.5',
      src_port: 51234,
      dest_ip: '203.0.113.5',
      dest_port: 80,
      proto: 'TCP',
      user_agent: HOSTILE_HTML,
      signature: HOSTILE_FORMULA,
    },
    indicators: EVIL,
  },
  {
    stix_id: 'sighting--2',
    indicator_id: 43,
    sensor: 'edge-fw-1',
    count: 3,
    first_seen: '2026-03-11T01:00:00Z',
    last_seen: '2026-03-11T02:00:00Z',
    last_event: null,
    indicators: null,
  },
];

function answerTelemetry(sensors: unknown[] = SENSORS) {
  return answerTables((request: TableRequest) => {
    if (request.table === 'sensors') return { data: sensors, error: null };
    if (request.table === 'telemetry_volume') return { data: VOLUME, error: null };
    if (request.table === 'sightings') return { data: SIGHTINGS, error: null };
    if (request.table === 'import_runs') return { data: runs.shift() ?? FINISHED_RUN, error: null };
    return undefined;
  });
}

/** The run as the worker leaves it, after one poll that still finds it queued. */
const FINISHED_RUN = {
  id: 7,
  status: 'succeeded',
  format: 'suricata-eve',
  input: 'user-1/x/eve.json',
  records: 3,
  rejected: 1,
  counts: {
    events: 2,
    matchedEvents: 1,
    sightings: { inserted: 1, updated: 0 },
    alerts: 1,
    sensors: ['dmz'],
  },
  rejects: [{ where: 'line 2', reason: `not JSON: ${HOSTILE_HTML}` }],
  error: null,
  started_at: '2026-03-11T10:00:00Z',
  finished_at: '2026-03-11T10:00:02Z',
};
let runs: unknown[] = [];

function renderPage(queryClient = makeQueryClient()) {
  const router = createMemoryRouter(
    [
      {
        path: platformPath('networkMonitoring'),
        element: <NetworkMonitoringPage definition={pageDefinition('networkMonitoring')} />,
      },
      { path: platformPath('iocIntelligence'), element: <h1>IOC Intelligence</h1> },
    ],
    { initialEntries: [platformPath('networkMonitoring')] },
  );
  const user = userEvent.setup();
  render(
    <AppProvider store={makeStore()} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user, router };
}

beforeEach(() => {
  resetFakeSupabase();
  runs = [{ ...FINISHED_RUN, status: 'queued', counts: {}, rejects: [], records: 0, rejected: 0 }];
});

describe('Network Monitoring', () => {
  it('explains how telemetry arrives when no sensor has sent any', async () => {
    answerTelemetry([]);
    renderPage();
    expect(await screen.findByRole('heading', { name: 'No network telemetry yet' })).toBeInTheDocument();
    expect(screen.getByText('npm run intel -- import eve.json --format suricata-eve')).toBeInTheDocument();
    expect(
      screen.getByText('npm run intel -- import conn.log --format zeek --sensor edge-fw-1'),
    ).toBeInTheDocument();
    expect(screen.queryByRole('grid')).not.toBeInTheDocument();
  });

  it('shows the sensors, the volume, the top indicators and the sightings, hostile text as text', async () => {
    answerTelemetry();
    const { user, router } = renderPage();
    const sensors = await screen.findByRole('list', { name: 'Sensors' });
    const cards = within(sensors).getAllByRole('listitem');
    expect(cards[0]).toHaveTextContent('2,000 events, 50 matched (2.5%)');
    expect(cards[1]).toHaveTextContent(HOSTILE_HTML);
    expect(cards[1]).toHaveTextContent('Last event: none yet');

    const chart = screen.getByRole('region', { name: 'Event volume, last 7 days' });
    await waitFor(() => expect(within(chart).getByRole('img', { hidden: true })).toBeInTheDocument());
    expect(chart).toHaveTextContent(
      '2,000 events per 6 hours by event type, 50 of them matched intelligence.',
    );
    await user.click(within(chart).getByRole('button', { name: 'Show table' }));
    const table = within(chart).getByRole('table');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Period', 'flow', 'http', 'All events', 'Matched']);
    expect(within(table).getAllByRole('row').at(-1)).toHaveTextContent(/1500500200050$/);

    const top = await screen.findByRole('list', { name: 'Top matched indicators' });
    expect(top).toHaveTextContent('evil[.]example');
    expect(top).toHaveTextContent('TLP:AMBER');
    expect(
      within(top).getByRole('link', { name: 'Open evil[.]example in IOC Intelligence' }),
    ).toHaveAttribute('href', `${platformPath('iocIntelligence')}?open=42`);

    const grid = screen.getByRole('grid', { name: 'Sightings' });
    const [seen, hidden] = within(grid).getAllByRole('row').slice(1);
    expect(seen).toHaveTextContent('evil[.]example');
    expect(seen).toHaveTextContent('37');
    expect(seen).toHaveTextContent(
      'http · 10[.]0[.]0[.]5:51234 → 203[.]0[.]113[.]5:80 TCP · Signature: ' + HOSTILE_FORMULA,
    );
    expect(hidden).toHaveTextContent('Beyond your TLP clearance');
    expect(document.querySelector('img')).toBeNull();

    await user.click(seen!);
    await waitFor(() => expect(router.state.location.pathname).toBe(platformPath('iocIntelligence')));
    expect(router.state.location.search).toBe('?open=42');
  });

  it('keeps the window, the grouping and the sensor in the URL and asks for that sensor only', async () => {
    const log = answerTelemetry();
    const { user, router } = renderPage();
    await screen.findByRole('list', { name: 'Sensors' });

    await user.selectOptions(screen.getByLabelText('Time window'), '24h');
    await user.selectOptions(screen.getByLabelText('Stack by'), 'sensor');
    expect(await screen.findByRole('region', { name: 'Event volume, last 24 hours' })).toHaveTextContent(
      'per hour by sensor',
    );
    await user.click(screen.getByRole('button', { name: 'Only edge-fw-1' }));
    expect(screen.getByRole('button', { name: 'Only edge-fw-1' })).toHaveAttribute('aria-pressed', 'true');
    expect(new URLSearchParams(router.state.location.search).toString()).toBe(
      'window=24h&by=sensor&sensor=edge-fw-1',
    );
    await waitFor(() =>
      expect(
        log.filter(
          (request) => request.table === 'sightings' && callArgs(request, 'eq')?.[1] === 'edge-fw-1',
        ),
      ).toHaveLength(2),
    );
    const volume = log.filter((request) => request.table === 'telemetry_volume').at(-1)!;
    expect(callArgs(volume, 'eq')).toEqual(['sensor', 'edge-fw-1']);
    expect(callArgs(volume, 'gte')?.[0]).toBe('bucket');
  });

  it("uploads a log into the analyst's own folder, queues its import and shows the outcome", async () => {
    answerTelemetry([]);
    setInitialSession(makeSession({ id: 'user-1' }));
    answerStorage(() => ({ data: { path: 'ok' }, error: null }));
    let requested: unknown;
    answerRpc('request_telemetry_import', (args) => {
      requested = args;
      return { data: 7, error: null };
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'No network telemetry yet' });
    const file = new File(['{"event_type":"flow"}\n'], '../eve 2026.json', { type: 'application/json' });
    await user.upload(screen.getByLabelText('Sensor log file'), file);
    await user.selectOptions(screen.getByLabelText('Format'), 'suricata-eve');
    await user.type(screen.getByLabelText('Sensor name (optional)'), ' dmz ');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    expect(
      await screen.findByText(/Imported 2 events from 1 sensor/, {}, { timeout: 4000 }),
    ).toHaveTextContent(
      'Imported 2 events from 1 sensor; 1 event matched a known indicator, giving 1 sighting (1 new) and 1 new alert. 1 line could not be read and was left out.',
    );
    const [upload] = fakeStorage.calls;
    expect(upload).toMatchObject({ method: 'upload', bucket: 'telemetry-uploads' });
    // Own folder, a fresh id, and the file's name without its path tricks or spaces.
    expect(upload!.args[0]).toMatch(/^user-1\/[0-9a-f-]{36}\/eve_2026\.json$/);
    expect(requested).toEqual({ _object_name: upload!.args[0], _format: 'suricata-eve', _sensor: 'dmz' });
    expect(
      screen.getByRole('link', { name: 'See the alerts in the Threat Intelligence Hub' }),
    ).toBeInTheDocument();
    const rejects = screen.getByRole('table', { name: /Lines left out/ });
    expect(rejects).toHaveTextContent(`line 2not JSON: ${HOSTILE_HTML}`);
    expect(document.querySelector('img')).toBeNull();
  });

  it('sends the capture start a relative Zeek log needs, and says when nothing was imported', async () => {
    answerTelemetry([]);
    runs = [
      {
        ...FINISHED_RUN,
        format: 'zeek',
        records: 2,
        rejected: 2,
        counts: {
          events: 0,
          matchedEvents: 0,
          sightings: { inserted: 0, updated: 0 },
          alerts: 0,
          sensors: [],
        },
        rejects: [1, 2].map((line) => ({
          where: `line ${line}`,
          reason: 'ts 18.8 counts seconds from the start of the capture; give a base time to date it',
        })),
      },
    ];
    setInitialSession(makeSession({ id: 'user-1' }));
    answerStorage(() => ({ data: { path: 'ok' }, error: null }));
    let requested: unknown;
    answerRpc('request_telemetry_import', (args) => {
      requested = args;
      return { data: 8, error: null };
    });
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'No network telemetry yet' });
    await user.upload(screen.getByLabelText('Sensor log file'), new File(['{"ts":18.8}\n'], 'http.log'));
    await user.type(screen.getByLabelText('Capture start, UTC (optional)'), '2022-09-24T12:30');
    await user.click(screen.getByRole('button', { name: 'Import' }));

    const rejects = await screen.findByRole('table', { name: /Lines left out/ }, { timeout: 4000 });
    expect(requested).toEqual({
      _object_name: fakeStorage.calls[0]!.args[0],
      _base_time: '2022-09-24T12:30:00.000Z',
    });
    expect(rejects).toHaveAccessibleName('Lines left out: nothing of the file was imported.');
    expect(screen.queryByText(/the rest of the file was imported/)).toBeNull();
    expect(screen.getByText(/Give the capture start time \(UTC\) in the form above/)).toBeInTheDocument();
  });

  it('refuses an empty file before sending it, and says why the server refused an import', async () => {
    answerTelemetry([]);
    setInitialSession(makeSession({ id: 'user-1' }));
    answerStorage(() => ({ data: { path: 'ok' }, error: null }));
    answerRpc('request_telemetry_import', () => ({
      data: null,
      error: { message: 'You already have 3 telemetry imports waiting; import more when one has finished' },
    }));
    const { user } = renderPage();
    await screen.findByRole('heading', { name: 'No network telemetry yet' });
    await user.upload(screen.getByLabelText('Sensor log file'), new File([], 'empty.json'));
    expect(screen.getByRole('alert')).toHaveTextContent(
      'empty.json (0 bytes) cannot be imported here: the file is empty.',
    );
    expect(screen.getByRole('button', { name: 'Import' })).toBeDisabled();

    await user.upload(screen.getByLabelText('Sensor log file'), new File(['x'], 'eve.json'));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    expect(await screen.findByText(/already have 3 telemetry imports waiting/)).toHaveAttribute(
      'role',
      'alert',
    );
    // The refused upload is taken back off the server.
    expect(fakeStorage.calls.map((call) => call.method)).toEqual(['upload', 'remove']);
  });

  it('says so when the sensors cannot be loaded, with a retry', async () => {
    answerTables(() => ({ data: null, error: { message: 'The server did not answer.' } }));
    // Without the app's three retries (seconds apart): the failure is the subject here.
    const queryClient = makeQueryClient();
    queryClient.setDefaultOptions({ queries: { retry: false } });
    renderPage(queryClient);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The sensors could not be loaded: The server did not answer.',
    );
    expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
  });
});
