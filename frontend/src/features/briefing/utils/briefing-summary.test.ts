import { describe, expect, it } from 'vitest';
import type { BriefingAlertRow } from '@/features/briefing/api/get-briefing-alerts';
import type { BriefingKevRow } from '@/features/briefing/api/get-briefing-kev';
import type { BriefingThreatRow } from '@/features/briefing/api/get-briefing-threats';
import { summariseBriefing } from './briefing-summary';

const alert = (
  period: string,
  severity: BriefingAlertRow['severity'],
  status: BriefingAlertRow['status'],
  alerts: number,
) => ({ period, severity, status, alerts }) satisfies BriefingAlertRow;

const threat = (
  kind: string,
  name: string,
  tlp: BriefingThreatRow['tlp'],
  alerts: number,
): BriefingThreatRow => ({
  kind,
  stix_id: `${kind}--${name}`,
  type: kind === 'malware' ? 'malware' : 'intrusion-set',
  name,
  tlp,
  alerts,
  sightings: 0,
  new_indicators: 0,
  previous_alerts: 1,
  previous_sightings: 0,
  previous_new_indicators: 0,
  used_by_actors: kind === 'malware' ? 29 : null,
  shared: kind === 'malware' ? true : null,
  confidence: kind === 'malware' ? null : 'moderate',
  evidence: kind === 'malware' ? null : 'reports',
  evidence_count: kind === 'malware' ? null : 3,
  via_software: null,
  sources: ['Feed <b>'],
  by_analyst: kind !== 'malware',
});

const kev = (patch: Partial<BriefingKevRow> & Pick<BriefingKevRow, 'cve_id'>): BriefingKevRow => ({
  period: null,
  kev_name: null,
  kev_vendor: null,
  kev_product: null,
  kev_date_added: '2025-01-01',
  kev_due_date: null,
  kev_ransomware_use: 'Unknown',
  epss_score: null,
  tlp: 'clear',
  assets: [],
  ...patch,
});

describe('the briefing summary', () => {
  const summary = summariseBriefing({
    days: 30,
    today: '2026-11-25',
    alerts: [
      alert('current', 'critical', 'new', 3),
      alert('current', 'high', 'resolved', 5),
      alert('current', 'low', 'investigating', 4),
      alert('previous', 'critical', 'resolved', 10),
      alert('previous', 'medium', 'new', 6),
    ],
    threats: [threat('malware', 'ClearFake', 'clear', 26), threat('actor', 'TA505', 'amber', 4)],
    kev: [
      kev({
        cve_id: 'CVE-2026-1',
        period: 'current',
        assets: ['vpn.example', 'gw.example'],
        kev_due_date: '2026-12-01',
      }),
      kev({ cve_id: 'CVE-2026-2', period: 'current' }),
      kev({ cve_id: 'CVE-2026-3', period: 'previous' }),
      kev({
        cve_id: 'CVE-2024-9',
        assets: ['vpn.example'],
        kev_due_date: '2025-01-20',
        kev_ransomware_use: 'Known',
      }),
    ],
  });

  it('adds up alerts by period, severity and status', () => {
    expect(summary.alerts.total).toMatchObject({ current: 12, previous: 16, direction: 'down', percent: 25 });
    expect(summary.alerts.bySeverity.critical).toMatchObject({ current: 3, previous: 10 });
    expect(summary.alerts.bySeverity.medium).toMatchObject({ current: 0, previous: 6 });
    expect(summary.alerts.byStatus).toEqual({
      new: 3,
      acknowledged: 0,
      investigating: 4,
      resolved: 5,
      dismissed: 0,
    });
    expect(summary.alerts.open).toBe(7);
  });

  it('splits malware from actors, with their trends', () => {
    expect(summary.malware.map((row) => row.name)).toEqual(['ClearFake']);
    expect(summary.actors.map((row) => row.name)).toEqual(['TA505']);
    expect(summary.malware[0]!.alerts).toMatchObject({ current: 26, previous: 1, direction: 'up' });
  });

  it('keeps how many actors use a family, and the evidence that names an actor', () => {
    expect(summary.malware[0]).toMatchObject({ usedByActors: 29, shared: true, attribution: null });
    expect(summary.actors[0]!.attribution).toEqual({
      confidence: 'moderate',
      evidence: 'reports',
      count: 3,
      viaSoftware: [],
    });
  });

  it('keeps where each named item comes from: its sources, and whether an analyst wrote it', () => {
    expect(summary.malware[0]).toMatchObject({ type: 'malware', sources: ['Feed <b>'], byAnalyst: false });
    expect(summary.actors[0]).toMatchObject({ type: 'intrusion-set', byAnalyst: true });
  });

  it('counts KEV entries per period, the new exposures and today’s exposure', () => {
    expect(summary.kev.added).toMatchObject({ current: 2, previous: 1 });
    expect(summary.kev.addedExposing).toMatchObject({ current: 1, previous: 0 });
    expect(summary.kev.newExposures.map((entry) => entry.cveId)).toEqual(['CVE-2026-1']);
    expect(summary.kev).toMatchObject({ exposedAssets: 2, exposingEntries: 2, pastDue: 1, ransomware: 1 });
    expect(summary.kev.exposing.map((entry) => entry.cveId)).toEqual(['CVE-2024-9', 'CVE-2026-1']);
  });

  it('knows the most restrictive marking it names', () => {
    expect(summary.highestTlp).toBe('amber');
    expect(
      summariseBriefing({ days: 7, today: '2026-11-25', alerts: [], threats: [], kev: [] }).highestTlp,
    ).toBeNull();
  });
});
