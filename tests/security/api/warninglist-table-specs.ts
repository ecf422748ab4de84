/**
 * The access matrix's probes for the MISP warninglists and their entries: public data every
 * signed-in user reads, written by the importer (the service role) only. Victim rows are seeded
 * with the service key under a list named after the run.
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;

export function warninglistTableSpecs(runId: string, insert: Insert) {
  const seeded = { listId: 0, entryId: 0 };
  const listRow = () => ({
    name: `security-suite ${runId} ${randomUUID().slice(0, 8)}`,
    type: 'string',
    version: 1,
  });
  const newList = async () => Number((await insert('warninglists', listRow())).id);
  const entryRow = () => ({
    warninglist_id: seeded.listId,
    kind: 'string',
    value: `suite-${runId}`,
    key: `suite-${runId}`,
  });
  const newEntry = async () => Number((await insert('warninglist_entries', entryRow())).id);

  async function seed(): Promise<void> {
    seeded.listId = await newList();
    seeded.entryId = await newEntry();
  }

  const specs = {
    warninglists: {
      victimFilter: async () => `id=eq.${seeded.listId}`,
      newRow: listRow,
      patch: { description: `security-suite ${runId}` },
      seedForDelete: async () => `id=eq.${await newList()}`,
    },
    warninglist_entries: {
      victimFilter: async () => `id=eq.${seeded.entryId}`,
      newRow: entryRow,
      patch: { value: `suite-${runId}-patched` },
      seedForDelete: async () => `id=eq.${await newEntry()}`,
    },
  } satisfies Record<string, IntelSpec>;

  /** Seeds the RPC probes name: `warninglist` is the run's list. */
  const probeSeeds = (): Record<string, unknown> => ({ warninglist: seeded.listId });

  /** Removing the suite's lists removes their entries. */
  const cleanUp = async (remove: (table: string, filter: string) => Promise<void>) => {
    await remove('warninglists', `name=like.${encodeURIComponent(`security-suite ${runId}*`)}`);
  };
  return { specs, seed, probeSeeds, cleanUp };
}
