import { describe, expect, it } from 'vitest';
import type { CaseRow } from '@/features/cases/api/list-cases';
import { caseStixBundle } from './case-stix';

const kase = {
  id: '0c0c0000-0000-4000-a000-000000000001',
  title: 'C2 <b>beaconing</b>',
  kind: 'incident',
  description: '**raw**',
  status: 'in_progress',
  severity: 'critical',
  tlp: 'amber',
  pap: 'green',
  due_at: '2026-11-28T00:00:00Z',
  created_at: '2026-11-27T00:00:00Z',
  updated_at: '2026-11-27T01:00:00Z',
} as unknown as CaseRow;

describe('caseStixBundle', () => {
  it('is a standard STIX 2.1 report of type incident over the linked objects, marked with the case TLP', () => {
    const bundle = caseStixBundle({
      kase,
      objects: [
        { id: 'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421', type: 'marking-definition' },
        { id: 'indicator--11111111-1111-4111-8111-111111111111', type: 'indicator' },
      ],
      notes: [{ id: 1, body: 'Isolated <img src=x>', created_at: '2026-11-27T02:00:00Z' }],
      alerts: [{ alert_id: 'a1', title: 'Beacon' }],
      assets: [],
      now: '2026-11-27T03:00:00Z',
    });
    const report = bundle.objects.find((o) => (o as { type: string }).type === 'report') as Record<
      string,
      unknown
    >;
    expect(report).toMatchObject({
      spec_version: '2.1',
      id: `report--${kase.id}`,
      name: 'C2 <b>beaconing</b>',
      report_types: ['incident'],
      object_refs: ['indicator--11111111-1111-4111-8111-111111111111'],
      object_marking_refs: ['marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421'],
      x_cti_case_status: 'in_progress',
      x_cti_alerts: [{ id: 'a1', title: 'Beacon' }],
    });
    const note = bundle.objects.find((o) => (o as { type: string }).type === 'note') as Record<
      string,
      unknown
    >;
    expect(note).toMatchObject({ content: 'Isolated <img src=x>', object_refs: [`report--${kase.id}`] });
  });

  it('a case with nothing linked refers to its notes, as a report needs one reference', () => {
    const bundle = caseStixBundle({
      kase: { ...kase, kind: 'rfi' },
      objects: [],
      notes: [{ id: 1, body: 'Asked by the board', created_at: '2026-11-27T02:00:00Z' }],
      alerts: [],
      assets: [],
    });
    const report = bundle.objects[0] as unknown as { report_types: string[]; object_refs: string[] };
    expect(report.report_types).toEqual(['request-for-information']);
    expect(report.object_refs).toHaveLength(1);
    expect(report.object_refs[0]).toMatch(/^note--/);
  });
});
