/**
 * The access matrix's probes for the matching engine's tables: detection rules (tuned by admins
 * with MFA), sensors and their telemetry volume (written by the importer, the service role, only)
 * and saved hunts (each analyst their own; admins with MFA delete any). Every row the probes touch
 * is the suite's own, seeded with the service key: the shipped rules are never changed, and the
 * suite's rules are disabled so they raise nothing.
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

export function detectionTableSpecs(runId: string, insert: Insert, victimId: () => string) {
  const prefix = `security-suite-${runId}`;
  const unique = () => `${prefix}-${randomUUID().slice(0, 8)}`;
  const marker = `security-suite ${runId}`;
  const seeded = { rule: '', sensor: prefix, volumeType: 'security-suite', hunt: '' };

  const ruleRow = () => ({ key: unique(), name: marker, category: 'security-suite', enabled: false });
  const newRule = async () => String((await insert('detection_rules', ruleRow())).key);
  const sensorRow = () => ({ name: unique(), kind: 'other' });
  const newSensor = async () => String((await insert('sensors', sensorRow())).name);
  const volumeRow = () => ({
    sensor: seeded.sensor,
    bucket: '2026-01-01T00:00:00Z',
    event_type: `suite-${randomUUID().slice(0, 8)}`,
    events: 1,
  });
  const newVolume = async () => String((await insert('telemetry_volume', volumeRow())).event_type);
  // A persona saves a hunt as itself (created_by defaults to the caller); the service role, which
  // has no user, saves one on the victim's behalf.
  const huntRow = (userId?: string) => ({
    name: marker,
    query: marker,
    ...(userId === undefined ? { created_by: victimId() } : {}),
  });
  const newHunt = async () => String((await insert('hunts', huntRow())).id);

  async function seed(): Promise<void> {
    seeded.rule = await newRule();
    await insert('sensors', { name: seeded.sensor, kind: 'other' });
    await insert('telemetry_volume', { ...volumeRow(), event_type: seeded.volumeType });
    seeded.hunt = await newHunt();
  }

  const specs = {
    detection_rules: {
      victimFilter: async () => `key=eq.${seeded.rule}`,
      newRow: ruleRow,
      patch: { min_confidence: 60 },
      seedForDelete: async () => `key=eq.${await newRule()}`,
    },
    sensors: {
      victimFilter: async () => `name=eq.${seeded.sensor}`,
      newRow: sensorRow,
      patch: { events: 1 },
      seedForDelete: async () => `name=eq.${await newSensor()}`,
    },
    telemetry_volume: {
      victimFilter: async () => `sensor=eq.${seeded.sensor}&event_type=eq.${seeded.volumeType}`,
      newRow: volumeRow,
      patch: { matched: 1 },
      seedForDelete: async () => `sensor=eq.${seeded.sensor}&event_type=eq.${await newVolume()}`,
    },
    hunts: {
      owner: 'created_by',
      victimFilter: async () => `id=eq.${seeded.hunt}`,
      ownFilter: (id) => `created_by=eq.${id}`,
      newRow: huntRow,
      patch: { last_matched: 0 },
      seedForDelete: async () => `id=eq.${await newHunt()}`,
    },
  } satisfies Record<string, IntelSpec>;

  /** The suite's rules, sensors (their volume goes with them) and hunts, the personas' included. */
  const cleanUp = async (remove: Remove) => {
    await remove('hunts', `query=eq.${encodeURIComponent(marker)}`);
    await remove('sensors', `name=like.${prefix}*`);
    await remove('detection_rules', `key=like.${prefix}*`);
  };
  return { specs, seed, cleanUp };
}
