/**
 * The access matrix's probes for authoring and curation (issue 29 §2): a TLP:CLEAR intrusion set
 * seeded with the service key, its history row and a note on it (signed-in users read both with
 * the object), an alias row pointing at it, and the STIX relationship rules (read by every
 * signed-in user). History and notes are append-only to everyone, the service role included
 * (triggers refuse update and delete); notes are added by analysts on objects they read; aliases
 * are written only by merge_intel_objects. Per-role TLP and the refusals are proved in pgTAP
 * (supabase/tests/database/390-392).
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

export function authoringTableSpecs(runId: string, insert: Insert, remove: Remove) {
  const name = `security-suite authoring ${runId}`;
  const seeded = { objectId: '', historyId: 0, noteId: 0, aliasId: '' };
  const newObject = async () =>
    String(
      (
        await insert('intel_objects', {
          stix_id: `intrusion-set--${randomUUID()}`,
          type: 'intrusion-set',
          name,
        })
      ).stix_id,
    );
  const aliasRow = () => ({
    stix_id: `intrusion-set--${randomUUID()}`,
    target_stix_id: seeded.objectId,
    name,
  });
  const historyRow = () => ({
    object_kind: 'object',
    object_id: seeded.objectId,
    action: 'changed',
    field: 'name',
    new_value: name,
  });
  const noteRow = () => ({ object_kind: 'object', object_id: seeded.objectId, body: name, tlp: 'clear' });

  async function seed(): Promise<void> {
    seeded.objectId = await newObject();
    seeded.historyId = Number((await insert('object_history', historyRow())).id);
    seeded.noteId = Number((await insert('object_notes', noteRow())).id);
    seeded.aliasId = String((await insert('intel_object_aliases', aliasRow())).stix_id);
  }

  async function cleanUp(): Promise<void> {
    // History and notes stay (append-only); the aliases go with their object.
    await remove('intel_objects', `name=eq.${encodeURIComponent(name)}`);
  }

  const specs = {
    relationship_type_rules: {
      victimFilter: async () =>
        'source_type=eq.intrusion-set&relationship_type=eq.uses&target_type=eq.malware',
      newRow: () => ({
        source_type: 'x-suite',
        relationship_type: `r-${runId}`.slice(0, 60),
        target_type: 'x-suite',
      }),
      patch: { target_type: 'malware' },
      // The service role's delete removes a row the probe added first (the spec's rules stay).
      seedForDelete: async () => {
        const row = {
          source_type: 'x-suite',
          relationship_type: `d-${randomUUID().slice(0, 8)}`,
          target_type: 'x-suite',
        };
        await insert('relationship_type_rules', row);
        return `source_type=eq.x-suite&relationship_type=eq.${row.relationship_type}`;
      },
    },
    intel_object_aliases: {
      victimFilter: async () => `stix_id=eq.${seeded.aliasId}`,
      newRow: aliasRow,
      patch: { name: `${name} patched` },
      seedForDelete: async () =>
        `stix_id=eq.${String((await insert('intel_object_aliases', aliasRow())).stix_id)}`,
    },
    object_history: {
      victimFilter: async () => `id=eq.${seeded.historyId}`,
      newRow: historyRow,
      patch: { field: 'description' },
      seedForDelete: async () => `id=eq.${seeded.historyId}`,
    },
    object_notes: {
      owner: 'author',
      victimFilter: async () => `id=eq.${seeded.noteId}`,
      ownFilter: (id) => `author=eq.${id}`,
      newRow: noteRow,
      patch: { body: `${name} rewritten` },
      seedForDelete: async () => `id=eq.${seeded.noteId}`,
    },
  } satisfies Record<string, IntelSpec>;
  return { specs, seed, cleanUp };
}
