import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { platformPath } from '@/config/paths';
import type { MatrixRow } from '@/features/knowledge/api/get-attack-matrix';
import {
  APT_A,
  APT_B,
  MATRIX_ROWS,
  SIGHTING_ROWS,
  T_WMI,
  USAGE_ROWS,
} from '@/features/knowledge/testing/matrix-fixture';
import { makeQueryClient } from '@/lib/query-client';
import { answerRpc, resetFakeSupabase } from '@/testing/fake-supabase';
import { answerTables, callArgs, type TableRequest } from '@/testing/fake-tables';
import EnhancedCtiPage from './enhanced-cti';
import { pageDefinition } from './pages';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

// jsdom lays nothing out: give every element a viewport-sized box so the virtualised table draws rows.
vi.spyOn(HTMLElement.prototype, 'clientHeight', 'get').mockReturnValue(600);
vi.spyOn(HTMLElement.prototype, 'clientWidth', 'get').mockReturnValue(1200);

const HOSTILE = '<img src=x onerror=alert(1)>';
const X_AGENT = 'malware--00000000-0000-4000-8000-0000000000c1';
const MITIGATION = 'course-of-action--00000000-0000-4000-8000-0000000000d1';
const GALAXY_APT_A = 'intrusion-set--00000000-0000-4000-8000-0000000000e1';
const GALAXY_SOURCE = '70000000-0000-4000-a000-000000000002';

const object = (stixId: string, type: string, name: string, extra: Record<string, unknown> = {}) => ({
  stix_id: stixId,
  type,
  name,
  aliases: [],
  external_ids: [],
  modified: '2025-03-10T20:15:00Z',
  tlp: 'clear',
  revoked: false,
  deprecated: false,
  sources: ['MITRE ATT&CK'],
  techniques: 0,
  indicators: 0,
  links: 0,
  sort_key: name.toLowerCase(),
  ...extra,
});

const OBJECTS = [
  object(APT_A, 'intrusion-set', 'APT A', {
    aliases: ['Fancy <b>Bear</b>'],
    external_ids: ['G0007'],
    techniques: 3,
    links: 1234,
  }),
  object(APT_B, 'intrusion-set', HOSTILE, { external_ids: ['G0016'], techniques: 1 }),
  object(X_AGENT, 'malware', 'X-Agent', { indicators: 120, sources: ['MITRE ATT&CK', 'abuse.ch ThreatFox'] }),
];

const DETAIL = {
  ...OBJECTS[0],
  description: 'A [Sofacy](https://attack.mitre.org/groups/G0007) relative. (Citation: Vendor 2020)',
  created: '2017-05-31T21:31:00Z',
  confidence: null,
  labels: [],
  kill_chain_phases: [],
  platforms: [],
};

const TECHNIQUE_DETAIL = {
  stix_id: T_WMI,
  type: 'attack-pattern',
  name: 'Windows Management Instrumentation',
  description: 'Adversaries may abuse WMI.',
  aliases: [],
  external_ids: ['T1047'],
  created: null,
  modified: null,
  revoked: false,
  deprecated: false,
  confidence: null,
  tlp: 'clear',
  labels: [],
  kill_chain_phases: [{ kill_chain_name: 'mitre-attack', phase_name: 'execution' }],
  platforms: ['Windows'],
};

interface Calls {
  list: Record<string, unknown>[];
  matrix: Record<string, unknown>[];
}

function answerKnowledge(): Calls {
  const calls: Calls = { list: [], matrix: [] };
  answerRpc('cti_objects', (args) => {
    calls.list.push(args as Record<string, unknown>);
    return { data: OBJECTS, error: null };
  });
  answerRpc('cti_object_facets', () => ({
    data: [
      { kind: 'intrusion-set', source_id: null, source_name: null, objects: 2 },
      { kind: 'malware', source_id: null, source_name: null, objects: 1 },
      {
        kind: null,
        source_id: '70000000-0000-4000-a000-000000000001',
        source_name: 'MITRE ATT&CK',
        objects: 3,
      },
    ],
    error: null,
  }));
  answerRpc('attack_matrix', (raw) => {
    const args = raw as { _object_ids: string[]; _with_sightings: boolean; _used_only: boolean };
    calls.matrix.push(args);
    if (!args._used_only) return { data: MATRIX_ROWS, error: null };
    const rows: MatrixRow[] = args._with_sightings
      ? SIGHTING_ROWS
      : USAGE_ROWS.map((row) => ({
          ...row,
          used_by: row.used_by.filter((id) => args._object_ids.includes(id)),
        })).filter((row) => row.used_by.length);
    return { data: rows, error: null };
  });
  answerRpc('object_relations', () => ({
    data: [
      {
        relationship_type: 'uses',
        direction: 'out',
        other_stix_id: X_AGENT,
        other_type: 'malware',
        other_name: 'X-Agent',
        relationship_count: 1,
      },
    ],
    error: null,
  }));
  answerRpc('object_indicators', () => ({
    data: [
      {
        id: 9,
        type: 'domain',
        value: 'evil.example',
        tlp: 'amber',
        confidence: 80,
        last_seen: '2026-02-01T00:00:00Z',
        revoked: false,
        via_stix_id: X_AGENT,
        via_name: 'X-Agent',
        total: 120,
      },
    ],
    error: null,
  }));
  answerRpc('technique_relations', () => ({
    data: [
      {
        relationship_type: 'mitigates',
        direction: 'in',
        other_stix_id: MITIGATION,
        other_type: 'course-of-action',
        other_name: 'Privileged Account Management',
        other_external_id: 'M1026',
        description: 'Prevent users from running WMI. (Citation: MS WMI)',
      },
      {
        relationship_type: 'uses',
        direction: 'in',
        other_stix_id: APT_B,
        other_type: 'intrusion-set',
        other_name: 'APT B',
        other_external_id: 'G0016',
        description: null,
      },
      {
        relationship_type: 'uses',
        direction: 'in',
        other_stix_id: APT_A,
        other_type: 'intrusion-set',
        other_name: 'APT A',
        other_external_id: 'G0007',
        description:
          '[APT A](https://attack.mitre.org/groups/G0007) used WMI for discovery.(Citation: Report)',
      },
    ],
    error: null,
  }));
  answerTables((request: TableRequest) => {
    const select = String(callArgs(request, 'select')?.[0] ?? '');
    if (request.table === 'intel_objects' && select.includes('created_at'))
      return {
        data: {
          created: '2017-05-31T21:31:00Z',
          modified: '2025-03-10T20:15:00Z',
          created_at: '2026-11-25T18:15:00Z',
          updated_at: '2026-11-25T18:15:00Z',
          source_ids: ['70000000-0000-4000-a000-000000000001'],
          version: '5.2',
        },
        error: null,
      };
    // The MISP galaxy's entry for APT A, merged into it at import.
    if (request.table === 'intel_objects' && select.includes('source_ids'))
      return {
        data:
          callArgs(request, 'eq')?.[1] === APT_A
            ? [{ stix_id: GALAXY_APT_A, name: 'Sofacy', source_ids: [GALAXY_SOURCE] }]
            : [],
        error: null,
      };
    if (request.table === 'sources' && select.includes('id'))
      return { data: [{ id: GALAXY_SOURCE, name: 'MISP galaxy' }], error: null };
    if (request.table === 'intel_objects' && request.calls.some(([method]) => method === 'maybeSingle')) {
      const id = callArgs(request, 'eq')?.[1];
      return { data: id === T_WMI ? TECHNIQUE_DETAIL : id === APT_A ? DETAIL : null, error: null };
    }
    if (request.table === 'intel_objects') {
      const ids = (callArgs(request, 'in')?.[1] ?? []) as string[];
      return { data: OBJECTS.filter((row) => ids.includes(row.stix_id)), error: null };
    }
    if (request.table === 'sources') return { data: [{ name: 'MITRE ATT&CK' }], error: null };
    if (request.table === 'intel_events')
      return {
        data: [
          {
            id: 1,
            occurred_at: '2026-11-25T18:15:00Z',
            title: 'MITRE ATT&CK: 24,771 new, 0 updated',
            summary: '',
          },
        ],
        error: null,
      };
    return undefined;
  });
  return calls;
}

function renderPage(search = '') {
  const path = platformPath('enhancedCti');
  const router = createMemoryRouter(
    [
      { path, element: <EnhancedCtiPage definition={pageDefinition('enhancedCti')} /> },
      { path: platformPath('iocIntelligence'), element: <h1>IOC Intelligence</h1> },
    ],
    { initialEntries: [`${path}${search}`] },
  );
  const user = userEvent.setup();
  render(
    <AppProvider store={makeStore()} queryClient={makeQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  const params = () => new URLSearchParams(router.state.location.search);
  return { user, router, params };
}

const listGrid = () => screen.getByRole('grid', { name: 'Actors, malware, tools and campaigns' });
/** The list's rows once they have arrived (header first). */
async function listRows() {
  await within(await screen.findByRole('grid', { name: /Actors, malware/ })).findByText('APT A');
  return within(listGrid()).getAllByRole('row');
}
const matrixGrid = () => screen.findByRole('grid', { name: 'ATT&CK Enterprise matrix' });

beforeEach(() => resetFakeSupabase());

describe('Enhanced CTI', () => {
  it('lists actors and malware with their counts, hostile names as text, filtered on the server', async () => {
    const calls = answerKnowledge();
    const { user, params } = renderPage();
    const rows = await listRows();
    expect(rows[1]).toHaveTextContent('APT AIntrusion setG0007Fancy <b>Bear</b>MITRE ATT&CK3');
    expect(rows[2]).toHaveTextContent(HOSTILE);
    expect(rows[3]).toHaveTextContent('X-AgentMalware—');
    expect(rows[3]).toHaveTextContent('120');
    expect(document.querySelector('img, b')).toBeNull();
    // The list opens on the most linked objects, not on A→Z names.
    expect(rows[1]).toHaveTextContent('1,234');
    expect(calls.list[0]).toMatchObject({
      _sort: 'links',
      _include_revoked: false,
      _limit: 200,
      _kinds: undefined,
    });

    expect(await screen.findByRole('option', { name: 'Intrusion set (2)' })).toBeInTheDocument();
    expect(screen.getByRole('option', { name: 'MITRE ATT&CK (3)' })).toBeInTheDocument();
    await user.type(screen.getByLabelText('Search actors, malware, tools and campaigns'), 'fancy ');
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ _query: 'fancy' }));
    await user.selectOptions(screen.getByLabelText('Kind'), 'intrusion-set');
    await user.selectOptions(screen.getByLabelText('Revoked and deprecated'), 'show');
    await waitFor(() =>
      expect(calls.list.at(-1)).toMatchObject({
        _query: 'fancy',
        _kinds: ['intrusion-set'],
        _include_revoked: true,
      }),
    );
    await user.click(within(listGrid()).getByRole('button', { name: 'Modified' }));
    await waitFor(() => expect(calls.list.at(-1)).toMatchObject({ _sort: 'modified' }));
    expect(params().toString()).toBe('q=fancy&kind=intrusion-set&revoked=show&sort=modified');
  });

  it('compares the ticked objects on the matrix, coloured by how many use each technique', async () => {
    const calls = answerKnowledge();
    const { user, params } = renderPage();
    const [, first, second] = await listRows();
    await user.click(within(first!).getByRole('checkbox', { name: 'Select row' }));
    await user.click(within(second!).getByRole('checkbox', { name: 'Select row' }));
    expect(await screen.findByText('2 selected for the matrix.')).toBeInTheDocument();
    expect(params().getAll('sel')).toEqual([APT_A, APT_B]);

    await user.click(screen.getByRole('button', { name: 'Compare on the matrix' }));
    const grid = await matrixGrid();
    expect(screen.getByRole('tab', { name: 'ATT&CK matrix (2 compared)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    const compared = screen.getByRole('list', { name: 'Compared on the matrix' });
    expect(await within(compared).findByText('APT A')).toBeInTheDocument();
    expect(within(compared).getByText(HOSTILE)).toBeInTheDocument();
    expect(
      await screen.findByText(
        '3 techniques shown (sub-techniques included) are used by at least one of the 2 selected, 1 by all of them.',
      ),
    ).toBeInTheDocument();
    expect(
      within(grid).getByRole('gridcell', {
        name: `T1047 Windows Management Instrumentation, used by 2 of 2 selected: APT A, ${HOSTILE}`,
      }),
    ).toHaveAttribute('data-heat', '4');
    expect(within(grid).getByRole('gridcell', { name: /^T1566 Phishing, used by 1 of 2/ })).toHaveAttribute(
      'data-heat',
      '2',
    );
    // The whole matrix once, then only the used rows of the selection (in one order whatever the ticking).
    expect(calls.matrix[0]).toMatchObject({ _object_ids: [], _used_only: false });
    expect(calls.matrix.at(-1)).toMatchObject({ _object_ids: [APT_A, APT_B].sort(), _used_only: true });

    await user.click(screen.getByRole('button', { name: `Remove ${HOSTILE} from the matrix` }));
    // As many as the actor's profile counts: Phishing, WMI and the PowerShell sub-technique.
    expect(
      await screen.findByText('APT A uses 3 of the techniques shown, sub-techniques included.'),
    ).toBeInTheDocument();
    expect(params().getAll('sel')).toEqual([APT_A]);

    await user.selectOptions(screen.getByLabelText('Techniques shown'), 'only');
    await waitFor(() => expect(within(grid).getAllByRole('gridcell', { name: /^T/ })).toHaveLength(4));
    expect(
      within(grid).getByRole('gridcell', { name: /^T1059\.001 PowerShell \(sub-technique\), used by APT A/ }),
    ).toBeInTheDocument();
  });

  it('colours the matrix by our sightings when asked', async () => {
    const calls = answerKnowledge();
    const { user, params } = renderPage('?view=matrix');
    await matrixGrid();
    expect(
      await screen.findByText(/Select actors, malware, tools or campaigns in the list/),
    ).toBeInTheDocument();
    await user.selectOptions(screen.getByLabelText('Colour by'), 'sightings');
    const cell = await within(await matrixGrid()).findByRole('gridcell', {
      name: 'T1566 Phishing, 12 sightings of related indicators (40 events)',
    });
    expect(cell).toHaveAttribute('data-heat', '4');
    expect(cell).toHaveTextContent('12');
    expect(
      screen.getByText('2 techniques shown are used by malware or tools whose indicators our sensors saw.'),
    ).toBeInTheDocument();
    expect(calls.matrix.at(-1)).toMatchObject({ _object_ids: [], _with_sightings: true, _used_only: true });
    expect(params().get('colour')).toBe('sightings');
  });

  it('opens a technique from the matrix by keyboard: its mitigations and users, the compared ones first', async () => {
    answerKnowledge();
    const { user, params } = renderPage(`?view=matrix&sel=${APT_A}`);
    const grid = await matrixGrid();
    await screen.findByText('APT A uses 3 of the techniques shown, sub-techniques included.');
    within(grid)
      .getAllByRole('gridcell', { name: /^T1059 Command/ })[0]!
      .focus();
    await user.keyboard('{ArrowRight}{ArrowDown}{Enter}');
    expect(params().get('open')).toBe(T_WMI);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('Windows Management Instrumentation')).toBeInTheDocument();
    expect(within(drawer).getByText('Execution')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('tab', { name: 'Mitigations' }));
    expect(await within(drawer).findByText('Prevent users from running WMI.')).toBeInTheDocument();
    expect(within(drawer).getByText('M1026')).toBeInTheDocument();

    await user.click(within(drawer).getByRole('tab', { name: 'Used by' }));
    expect(await within(drawer).findByText('Used by 2 intrusion sets.')).toBeInTheDocument();
    const users = within(drawer).getAllByRole('listitem');
    expect(users[0]).toHaveTextContent('G0007APT AOn the matrixAPT A used WMI for discovery.');
    expect(users[1]).toHaveTextContent('G0016APT B');
  });

  it("opens an actor's profile: relationships, indicators through its software, techniques and history", async () => {
    answerKnowledge();
    const { user, params } = renderPage();
    const [, first] = await listRows();
    await user.click(first!);
    const drawer = await screen.findByRole('dialog');
    expect(await within(drawer).findByText('A Sofacy relative.')).toBeInTheDocument();
    expect(within(drawer).getByText('Fancy <b>Bear</b>')).toBeInTheDocument();
    // The galaxy's entry merged into it, with where it came from.
    expect(await within(drawer).findByRole('region', { name: 'Also described by' })).toHaveTextContent(
      'Sofacy (MISP galaxy)',
    );

    await user.click(within(drawer).getByRole('tab', { name: 'Relationships' }));
    expect(await within(drawer).findByRole('button', { name: 'X-Agent' })).toBeInTheDocument();

    await user.click(within(drawer).getByRole('tab', { name: 'Indicators' }));
    expect(await within(drawer).findByText(/The newest 1 of 120 indicators/)).toBeInTheDocument();
    const table = within(drawer).getByRole('table', { name: 'Indicators' });
    expect(within(table).getAllByRole('row')[1]).toHaveTextContent(
      'evil[.]exampleX-AgentTLP:AMBER2026-02-01',
    );
    expect(within(drawer).getByRole('link', { name: 'those of X-Agent' })).toHaveAttribute(
      'href',
      `${platformPath('iocIntelligence')}?malware=${encodeURIComponent(X_AGENT)}`,
    );

    await user.click(within(drawer).getByRole('tab', { name: 'Techniques' }));
    expect(
      await within(drawer).findByText('Uses 3 techniques of ATT&CK Enterprise, under 2 tactics.'),
    ).toBeInTheDocument();
    expect(within(drawer).getByRole('region', { name: 'Initial Access' })).toHaveTextContent('T1566Phishing');

    await user.click(within(drawer).getByRole('tab', { name: 'History' }));
    expect(await within(drawer).findByText(/keeps no change log per object/)).toBeInTheDocument();
    expect(within(drawer).getByText('MITRE ATT&CK: 24,771 new, 0 updated')).toBeInTheDocument();

    // A related object opens in the same drawer.
    await user.click(within(drawer).getByRole('tab', { name: 'Relationships' }));
    await user.click(await within(drawer).findByRole('button', { name: 'X-Agent' }));
    expect(params().get('open')).toBe(X_AGENT);
  });

  it('"Show on the matrix" takes the analyst to the matrix, the drawer closed, the object on it', async () => {
    answerKnowledge();
    const { user, params } = renderPage(`?open=${APT_A}`);
    const drawer = await screen.findByRole('dialog');
    await user.click(await within(drawer).findByRole('button', { name: 'Show on the matrix' }));
    expect(params().getAll('sel')).toEqual([APT_A]);
    expect(params().get('view')).toBe('matrix');
    expect(params().get('open')).toBeNull();
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(screen.getByRole('tab', { name: 'ATT&CK matrix (1 compared)' })).toHaveAttribute(
      'aria-selected',
      'true',
    );
    expect(
      await screen.findByText('APT A uses 3 of the techniques shown, sub-techniques included.'),
    ).toBeInTheDocument();

    // A parent used only through its sub-technique is coloured and says so.
    const grid = await matrixGrid();
    expect(
      within(grid).getAllByRole('gridcell', {
        name: /^T1059 Command and Scripting Interpreter, used by APT A \(through a sub-technique\)/,
      })[0],
    ).toHaveAttribute('data-via-subs', 'true');
  });
});
