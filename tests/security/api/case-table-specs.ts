/**
 * The access matrix's probes for cases (issue 29 §1): a TLP:AMBER case seeded with the service key
 * (every persona is in the default group "Analysts", cleared up to AMBER+STRICT, so signed-in users
 * read it and its tasks, notes, links, alerts and timeline); nobody but the service role writes the
 * tables through REST (users go through create_case and the other checked RPCs). Clearances below
 * AMBER and TLP:RED audiences are proved per role in pgTAP (supabase/tests/database/385-cases.test.sql).
 * The SLA targets are read by every signed-in user and changed by administrators with MFA; the row
 * the probes insert and delete (low) is put back as the migration made it.
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

/** supabase/migrations/20261201230000_create_cases.sql's target for low severity. */
const LOW_TARGET = { severity: 'low', respond_within: '3 days', resolve_within: '30 days' };

export function caseTableSpecs(runId: string, insert: Insert, remove: Remove) {
  /** Puts the low-severity target back as the migration made it (insert after delete: no upsert header). */
  const restoreLowTarget = async () => {
    await remove('case_sla_targets', 'severity=eq.low');
    await insert('case_sla_targets', LOW_TARGET);
  };
  const seeded = { caseId: '', spareCaseId: '', alertId: '', taskId: 0, noteId: 0, linkId: 0, eventId: 0 };
  const title = `security-suite case ${runId}`;
  const newCase = async () => String((await insert('cases', { title, kind: 'incident', tlp: 'amber' })).id);
  const child = async (table: string, row: Record<string, unknown>) =>
    `id=eq.${String((await insert(table, { case_id: seeded.caseId, ...row })).id)}`;

  async function seed(): Promise<void> {
    seeded.caseId = await newCase();
    seeded.spareCaseId = await newCase();
    seeded.alertId = String(
      (await insert('enhanced_security_alerts', { title: `${title} alert`, category: 'security-suite' })).id,
    );
    await insert('case_alerts', { case_id: seeded.caseId, alert_id: seeded.alertId });
    seeded.taskId = Number((await insert('case_tasks', { case_id: seeded.caseId, title: 'Probe task' })).id);
    seeded.noteId = Number((await insert('case_notes', { case_id: seeded.caseId, body: 'Probe note' })).id);
    seeded.linkId = Number(
      (await insert('case_links', { case_id: seeded.caseId, kind: 'asset', ref: randomUUID() })).id,
    );
    seeded.eventId = Number(
      (await insert('case_events', { case_id: seeded.caseId, kind: 'suite_probe' })).id,
    );
  }

  const specs = {
    cases: {
      victimFilter: async () => `id=eq.${seeded.caseId}`,
      newRow: () => ({ title, kind: 'rfi' }),
      patch: { title: `${title} changed` },
      seedForDelete: async () => `id=eq.${await newCase()}`,
    },
    case_alerts: {
      victimFilter: async () => `case_id=eq.${seeded.caseId}&alert_id=eq.${seeded.alertId}`,
      newRow: () => ({ case_id: seeded.spareCaseId, alert_id: seeded.alertId }),
      patch: { added_at: new Date(0).toISOString() },
      seedForDelete: async () => {
        const caseId = await newCase();
        await insert('case_alerts', { case_id: caseId, alert_id: seeded.alertId });
        return `case_id=eq.${caseId}`;
      },
    },
    case_links: {
      victimFilter: async () => `id=eq.${seeded.linkId}`,
      newRow: () => ({ case_id: seeded.spareCaseId, kind: 'asset', ref: randomUUID() }),
      patch: { ref: randomUUID() },
      seedForDelete: () => child('case_links', { kind: 'asset', ref: randomUUID() }),
    },
    case_tasks: {
      victimFilter: async () => `id=eq.${seeded.taskId}`,
      newRow: () => ({ case_id: seeded.spareCaseId, title: 'Probe task' }),
      patch: { done: true },
      seedForDelete: () => child('case_tasks', { title: 'Probe task to delete' }),
    },
    case_notes: {
      victimFilter: async () => `id=eq.${seeded.noteId}`,
      newRow: () => ({ case_id: seeded.spareCaseId, body: 'Probe note' }),
      patch: { body: 'rewritten by the suite' },
      seedForDelete: () => child('case_notes', { body: 'Probe note to delete' }),
    },
    case_events: {
      victimFilter: async () => `id=eq.${seeded.eventId}`,
      newRow: () => ({ case_id: seeded.spareCaseId, kind: 'suite_probe' }),
      patch: { kind: 'suite_changed' },
      seedForDelete: () => child('case_events', { kind: 'suite_probe' }),
    },
    case_sla_targets: {
      victimFilter: async () => 'severity=eq.critical',
      newRow: () => LOW_TARGET,
      patch: { respond_within: '1 hour' },
      seedForDelete: async () => {
        await restoreLowTarget();
        return 'severity=eq.low';
      },
    },
  } satisfies Record<string, IntelSpec>;

  /** The service role's insert needs the fixed key free. */
  const clearSlaTarget = () => remove('case_sla_targets', 'severity=eq.low');

  const cleanUp = async () => {
    await remove('cases', `title=like.${encodeURIComponent(`${title}*`)}`);
    await remove('enhanced_security_alerts', `id=eq.${seeded.alertId}`);
    await restoreLowTarget();
  };
  return { specs, seed, cleanUp, clearSlaTarget };
}
