/**
 * The access matrix's probes for served feeds: administrators with MFA read them, nobody but the
 * service role writes the table through REST (administrators go through create_/update_/
 * delete_served_feed and rotate_served_feed_token, which check the caller; the intel CLI is the
 * service role). Token hashes live in the private schema, which the API does not expose.
 * Victim rows are seeded with the service key under names of the run.
 *
 * RPC probe seed (see expectations/rls-matrix.json): `served_feed` is one seeded feed.
 */
import { randomUUID } from 'node:crypto';
import type { IntelSpec } from './intel-table-specs.js';

type Insert = (table: string, row: Record<string, unknown>) => Promise<Record<string, unknown>>;
type Remove = (table: string, filter: string) => Promise<void>;

export function servedFeedTableSpecs(runId: string, insert: Insert) {
  const seeded = { feedId: '' };
  const prefix = `security-suite ${runId}`;
  const feedRow = () => ({ name: `${prefix} ${randomUUID().slice(0, 8)}`, format: 'text' });
  const newFeed = async () => String((await insert('served_feeds', feedRow())).id);

  async function seed(): Promise<void> {
    seeded.feedId = await newFeed();
  }

  const specs = {
    served_feeds: {
      victimFilter: async () => `id=eq.${seeded.feedId}`,
      newRow: feedRow,
      patch: { max_tlp: 'red' },
      seedForDelete: async () => `id=eq.${await newFeed()}`,
    },
  } satisfies Record<string, IntelSpec>;

  const probeSeeds = (): Record<string, () => Promise<unknown>> => ({
    served_feed: async () => seeded.feedId,
  });

  const cleanUp = async (remove: Remove) => {
    await remove('served_feeds', `name=like.${encodeURIComponent(`${prefix}*`)}`);
  };
  return { specs, seed, probeSeeds, cleanUp };
}
