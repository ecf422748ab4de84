// The feed store on PostgreSQL (postgres.js, SUPABASE_DB_URL, as `taxii`). Each pull opens one
// REPEATABLE READ, read-only transaction: its first statement reads the feed and its version
// (private.served_feed_for_pull), the pages follow in the same snapshot, so the ETag sent can never
// name content the body does not hold, whatever commits meanwhile.
import type postgres from 'postgres';
import { controlRowOf, EXPORT_PAGE_SQL, type ExportIndicatorRow } from '../_shared/controls/control-row.ts';
import type { IndicatorType, Tlp } from '../_shared/controls/model.ts';
import type { FeedSnapshot, FeedStore } from './store.ts';

type Sql = postgres.Sql;

interface PullRow {
  name: string;
  format: string;
  min_score: number;
  max_tlp: Tlp;
  types: IndicatorType[] | null;
  source_ids: string[] | null;
  source_names: string[];
  token_hash: Uint8Array;
  version: string;
  rendered_at: Date;
  hour_start: Date;
}

export function createPostgresStore(sql: Sql, log: (message: string, error: unknown) => void): FeedStore {
  return {
    open(id) {
      return new Promise<FeedSnapshot | null>((resolve, reject) => {
        let release!: () => void;
        const closed = new Promise<void>((r) => (release = r));
        let opened = false;
        sql
          .begin('isolation level repeatable read read only', async (tx) => {
            const rows =
              (await tx`select * from private.served_feed_for_pull(${id}::uuid)`) as unknown as PullRow[];
            const r = rows[0];
            if (!r) return resolve(null);
            opened = true;
            resolve({
              feed: {
                name: r.name,
                format: r.format,
                minScore: r.min_score,
                maxTlp: r.max_tlp,
                types: r.types,
                sourceIds: r.source_ids,
                sourceNames: r.source_names,
                tokenHash: new Uint8Array(r.token_hash),
                version: r.version,
                renderedAt: r.rendered_at,
                judgedAt: r.hour_start,
              },
              async page(q) {
                const page = (await tx.unsafe(EXPORT_PAGE_SQL, [
                  q.type,
                  q.sourceIds,
                  q.maxTlp,
                  q.minScore,
                  q.after,
                  q.size,
                  q.at.toISOString(),
                ] as never[])) as unknown as ExportIndicatorRow[];
                return page.map((row) => controlRowOf(q.type, row));
              },
              close() {
                release();
                return Promise.resolve();
              },
            });
            await closed;
          })
          .catch((error) => (opened ? log('feed transaction ended with an error', error) : reject(error)));
      });
    },

    async recordPull(id, from, version) {
      const rows = await sql`select private.record_served_feed_pull(${id}::uuid, ${from}, ${version}) as at`;
      return rows[0]!.at as Date;
    },
  };
}
