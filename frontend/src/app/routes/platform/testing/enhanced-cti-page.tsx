/** The Enhanced CTI page's test world: its knowledge objects, the answers of its RPCs and tables, and a rendered page. */
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
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
import { answerRpc } from '@/testing/fake-supabase';
import { answerTables, callArgs, type TableRequest } from '@/testing/fake-tables';
import EnhancedCtiPage from '@/app/routes/platform/enhanced-cti';
import { pageDefinition } from '@/app/routes/platform/pages';

export const HOSTILE = '<img src=x onerror=alert(1)>';
export const X_AGENT = 'malware--00000000-0000-4000-8000-0000000000c1';
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

export interface Calls {
  list: Record<string, unknown>[];
  matrix: Record<string, unknown>[];
}

export function answerKnowledge(): Calls {
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

export function renderPage(search = '') {
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

export const listGrid = () => screen.getByRole('grid', { name: 'Actors, malware, tools and campaigns' });
/** The list's rows once they have arrived (header first). */
export async function listRows() {
  await within(await screen.findByRole('grid', { name: /Actors, malware/ })).findByText('APT A');
  return within(listGrid()).getAllByRole('row');
}
export const matrixGrid = () => screen.findByRole('grid', { name: 'ATT&CK Enterprise matrix' });
