/**
 * The access matrix's probes for the exclusion lists and their entries: every signed-in user reads
 * them, nobody but the service role writes them through REST (analysts and administrators go
 * through create_/update_/delete_exclusion_list, add_exclusion and remove_exclusion, which check the
 * caller). Victim rows are seeded with the service key under lists named after the run, entries
 * authored by the suite's victim user; removing those lists removes their entries.
 *
 * RPC probe seeds (see expectations/rls-matrix.json): `exclusion_list` is one seeded list;
 * `fresh_exclusion_list` and `fresh_exclusion_entry` are made anew for every call, so that the
 * role allowed to delete one (an administrator with MFA) leaves the next role something to be
 * refused or allowed on.
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

export function exclusionTableSpecs(runId: string, insert: Insert, victimId: () => string) {
  const seeded = { listId: 0, entryId: 0 };
  const prefix = `security-suite ${runId}`;
  const listRow = () => ({
    name: `${prefix} ${randomUUID().slice(0, 8)}`,
    description: `security suite ${runId}`,
  });
  const newList = async () => Number((await insert('exclusion_lists', listRow())).id);
  const entryRow = () => {
    const value = `suite-${runId}-${randomUUID().slice(0, 8)}`;
    return {
      list_id: seeded.listId,
      kind: 'value',
      value,
      key: value,
      reason: `security suite ${runId}`,
      added_by: victimId(),
    };
  };
  const newEntry = async () => Number((await insert('exclusion_entries', entryRow())).id);

  async function seed(): Promise<void> {
    seeded.listId = await newList();
    seeded.entryId = await newEntry();
  }

  const specs = {
    exclusion_lists: {
      victimFilter: async () => `id=eq.${seeded.listId}`,
      newRow: listRow,
      patch: { description: `security suite ${runId} patched` },
      seedForDelete: async () => `id=eq.${await newList()}`,
    },
    exclusion_entries: {
      owner: 'added_by',
      victimFilter: async () => `id=eq.${seeded.entryId}`,
      ownFilter: (id) => `added_by=eq.${id}`,
      newRow: entryRow,
      patch: { reason: `security suite ${runId} patched` },
      seedForDelete: async () => `id=eq.${await newEntry()}`,
    },
  } satisfies Record<string, IntelSpec>;

  /** Seeds the RPC probes name; the fresh ones are new rows on every call. */
  const probeSeeds = (): Record<string, () => Promise<unknown>> => ({
    exclusion_list: async () => seeded.listId,
    fresh_exclusion_list: newList,
    fresh_exclusion_entry: newEntry,
  });

  /** Removing the suite's lists removes their entries. */
  const cleanUp = async (remove: Remove) => {
    await remove('exclusion_lists', `name=like.${encodeURIComponent(`${prefix}*`)}`);
  };
  return { specs, seed, probeSeeds, cleanUp };
}
