/**
 * A case as STIX 2.1 (OASIS STIX 2.1, §4.13 Report, §4.11 Note, §7.2.1.3 TLP 2.0 markings): a standard
 * `report` (report_types ["incident"] for an incident, as OpenCTI and MISP read reports of that type;
 * the other kinds say theirs), whose object_refs are the linked indicators, sightings and knowledge
 * objects, with the case's own fields as `x_cti_` custom properties (§3.1) and each note as a `note`.
 * A standard report imports anywhere; OpenCTI's `x-opencti-case-incident` would import only there.
 * Alerts and assets are not STIX objects: they are listed in x_cti_alerts and x_cti_assets.
 */
import type { CaseRow } from '@/features/cases/api/list-cases';

const TLP_MARKINGS: Record<string, string> = {
  clear: 'marking-definition--94868c89-83c2-464b-929b-a1a8aa3c8487',
  green: 'marking-definition--bab4a63c-aed9-4cf5-a766-dfca5abac2bb',
  amber: 'marking-definition--55d920b0-5e8b-4f79-9ee9-91f868d9b421',
  'amber+strict': 'marking-definition--939a9414-2ddd-4d32-a0cd-375ea402b003',
  red: 'marking-definition--e828b379-4e03-4974-9ac4-e53a884c97c1',
};
const REPORT_TYPES: Record<string, string> = {
  incident: 'incident',
  rfi: 'request-for-information',
  takedown: 'takedown',
};

export interface CaseStixInput {
  kase: CaseRow;
  /** Objects of the linked intelligence, as the server rendered them (marking definitions included). */
  objects: { id: string; type: string }[];
  notes: { id: number; body: string; created_at: string }[];
  alerts: { alert_id: string; title: string }[];
  assets: string[];
  now?: string;
}

const stamp = (iso: string) => new Date(iso).toISOString();

export function caseStixBundle({ kase, objects, notes, alerts, assets, now }: CaseStixInput) {
  const marking = [TLP_MARKINGS[kase.tlp] ?? TLP_MARKINGS.amber!];
  const reportId = `report--${kase.id}`;
  const refs = objects.filter((o) => o.type !== 'marking-definition').map((o) => o.id);
  const report = {
    type: 'report',
    spec_version: '2.1',
    id: reportId,
    created: stamp(kase.created_at),
    modified: stamp(kase.updated_at),
    name: kase.title,
    description: kase.description,
    report_types: [REPORT_TYPES[kase.kind] ?? kase.kind],
    published: stamp(now ?? new Date().toISOString()),
    // A report needs at least one reference (§4.13): a case with nothing linked points at its notes.
    object_refs: refs.length ? refs : [],
    object_marking_refs: marking,
    x_cti_case_kind: kase.kind,
    x_cti_case_status: kase.status,
    x_cti_severity: kase.severity,
    x_cti_pap: kase.pap,
    x_cti_due: kase.due_at,
    x_cti_alerts: alerts.map((a) => ({ id: a.alert_id, title: a.title })),
    x_cti_assets: assets,
  };
  const noteObjects = notes.map((note) => ({
    type: 'note',
    spec_version: '2.1',
    id: `note--${crypto.randomUUID()}`,
    created: stamp(note.created_at),
    modified: stamp(note.created_at),
    content: note.body,
    object_refs: [reportId],
    object_marking_refs: marking,
  }));
  if (report.object_refs.length === 0) report.object_refs = noteObjects.map((n) => n.id);
  const markings = objects.filter((o) => o.type === 'marking-definition');
  const others = objects.filter((o) => o.type !== 'marking-definition');
  return {
    type: 'bundle',
    id: `bundle--${crypto.randomUUID()}`,
    objects: [...markings, report, ...noteObjects, ...others],
  };
}
