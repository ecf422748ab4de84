/**
 * The access matrix's probes for the analyst workspace's tables: alert notes (analysts append),
 * alert history and the intelligence event stream (written by triggers and the service role only),
 * and the per-malware indicator counts (kept by triggers). Victim rows are seeded with the service key.
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;

export function workspaceTableSpecs(runId: string, insert: Insert) {
  const seeded = { alertId: '', noteId: 0, eventId: 0, streamId: 0, countId: '' };
  const newNote = async () =>
    Number((await insert('alert_notes', { alert_id: seeded.alertId, body: `suite ${runId}` })).id);
  const newEvent = async () =>
    Number(
      (
        await insert('alert_events', {
          alert_id: seeded.alertId,
          kind: 'status',
          from_value: 'new',
          to_value: 'new',
        })
      ).id,
    );
  const streamRow = () => ({ kind: 'import_succeeded', title: `security-suite ${runId}` });
  const newStream = async () => Number((await insert('intel_events', streamRow())).id);
  const countRow = () => ({ stix_id: `x-security-suite--${randomUUID()}`, indicator_count: 1 });
  const newCount = async () => String((await insert('malware_indicator_counts', countRow())).stix_id);

  async function seed(): Promise<void> {
    seeded.alertId = String(
      (
        await insert('enhanced_security_alerts', {
          title: `security-suite notes ${runId}`,
          category: 'security-suite',
        })
      ).id,
    );
    seeded.noteId = await newNote();
    seeded.eventId = await newEvent();
    seeded.streamId = await newStream();
    seeded.countId = await newCount();
  }

  const specs = {
    alert_notes: {
      victimFilter: async () => `id=eq.${seeded.noteId}`,
      newRow: () => ({ alert_id: seeded.alertId, body: `security-suite ${runId}` }),
      patch: { body: `security-suite patch ${runId}` },
      seedForDelete: async () => `id=eq.${await newNote()}`,
    },
    alert_events: {
      victimFilter: async () => `id=eq.${seeded.eventId}`,
      newRow: () => ({ alert_id: seeded.alertId, kind: 'status', from_value: 'new', to_value: 'resolved' }),
      patch: { to_value: 'resolved' },
      seedForDelete: async () => `id=eq.${await newEvent()}`,
    },
    intel_events: {
      victimFilter: async () => `id=eq.${seeded.streamId}`,
      newRow: streamRow,
      patch: { summary: `security-suite ${runId}` },
      seedForDelete: async () => `id=eq.${await newStream()}`,
    },
    malware_indicator_counts: {
      victimFilter: async () => `stix_id=eq.${seeded.countId}`,
      newRow: countRow,
      patch: { indicator_count: 2 },
      seedForDelete: async () => `stix_id=eq.${await newCount()}`,
    },
  } satisfies Record<string, IntelSpec>;

  /** Deleting the alert removes its notes, history and stream rows; the counts go one by one. */
  const cleanUp = async (remove: (table: string, filter: string) => Promise<void>) => {
    await remove('enhanced_security_alerts', `id=eq.${seeded.alertId}`);
    await remove('intel_events', `title=eq.${encodeURIComponent(`security-suite ${runId}`)}`);
    await remove('malware_indicator_counts', 'stix_id=like.x-security-suite--*');
  };
  return { specs, seed, cleanUp };
}
