/**
 * The access matrix's probes for the TAXII tables: API keys (each user reads their own; created and
 * revoked only through RPCs, so no API role writes the table), TAXII collections (listed by every
 * signed-in user, defined through admin RPCs) and envelope status resources (their author reads them).
 * Victim rows, and rows of each persona so that "own" is observable, are seeded with the service key.
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;

export function taxiiTableSpecs(runId: string, insert: Insert, victimId: () => string) {
  const seeded = { key: '', collection: '', status: '' };
  const keyRow = (userId?: string) => ({
    user_id: userId ?? victimId(),
    name: `security-suite ${runId}`,
    prefix: 'ctk_suite000',
  });
  const statusRow = (userId?: string) => ({
    user_id: userId ?? victimId(),
    total_count: 0,
    success_count: 0,
    failure_count: 0,
  });
  const collectionRow = () => ({ title: `security-suite ${runId} ${randomUUID().slice(0, 8)}` });
  const newKey = async (userId?: string) => String((await insert('api_keys', keyRow(userId))).id);
  const newStatus = async (userId?: string) => String((await insert('taxii_status', statusRow(userId))).id);
  const newCollection = async () => String((await insert('taxii_collections', collectionRow())).id);

  async function seed(personaIds: string[]): Promise<void> {
    seeded.key = await newKey();
    seeded.status = await newStatus();
    seeded.collection = await newCollection();
    for (const id of personaIds) {
      await newKey(id);
      await newStatus(id);
    }
  }

  const specs = {
    api_keys: {
      owner: 'user_id',
      victimFilter: async () => `id=eq.${seeded.key}`,
      ownFilter: (id: string) => `user_id=eq.${id}`,
      newRow: keyRow,
      patch: { name: `security-suite patch ${runId}` },
      seedForDelete: async () => `id=eq.${await newKey()}`,
    },
    taxii_collections: {
      victimFilter: async () => `id=eq.${seeded.collection}`,
      newRow: collectionRow,
      patch: { description: `security-suite ${runId}` },
      seedForDelete: async () => `id=eq.${await newCollection()}`,
    },
    taxii_status: {
      owner: 'user_id',
      victimFilter: async () => `id=eq.${seeded.status}`,
      ownFilter: (id: string) => `user_id=eq.${id}`,
      newRow: statusRow,
      patch: { status: 'pending' },
      seedForDelete: async () => `id=eq.${await newStatus()}`,
    },
  } satisfies Record<string, IntelSpec>;

  const cleanUp = async (remove: (table: string, filter: string) => Promise<void>) => {
    await remove('api_keys', `name=like.security-suite*`);
    await remove('taxii_collections', `title=like.security-suite*`);
  };
  return { specs, seed, cleanUp };
}
