import path from 'node:path';
import type { ClientBase } from 'pg';
import { InputRefused } from '../formats/format.js';
import { openInput } from '../input/open-input.js';
import { leakSites, type LeakPost } from '../leaks/index.js';
import { ImportRefused } from '../pipeline/run-state.js';
import { addReject, emptyOutcome, inImportRun, type WorkspaceSummary } from './import-run.js';

const BATCH = 5000;

/**
 * `--format leak-sites`: ransomware leak-site posts and pastes. The same claim scraped twice is
 * one post; new posts are matched against the watches and raise leak-keyword alerts.
 */
export async function runLeaksImport(
  db: ClientBase,
  options: { inputs: string[]; requestedBy?: string; queuedRunId?: number; signal?: AbortSignal },
): Promise<WorkspaceSummary<'leak-sites'>> {
  const outcome = emptyOutcome();
  const spec = {
    format: 'leak-sites' as const,
    source: {
      name: 'Leak-site monitoring',
      kind: 'file' as const,
      reliability: 'E' as const,
      tlp: 'amber' as const,
      confidence: 30,
    },
    inputs: options.inputs,
    requestedBy: options.requestedBy,
    queuedRunId: options.queuedRunId,
  };
  return inImportRun(db, spec, outcome, async (runId) => {
    const newIds: number[] = [];
    let batch: LeakPost[] = [];
    const flush = async () => {
      if (batch.length === 0) return;
      const { rows } = await db.query<{ id: string }>(
        `insert into public.leak_posts (source, group_name, victim, published_at, country, sector, website, url, body, context, import_run_id)
         select source, group_name, victim, published_at, country, sector, website, url, body, context, $2
           from jsonb_to_recordset($1::jsonb) as x(source text, group_name text, victim text, published_at timestamptz,
                country text, sector text, website text, url text, body text, context jsonb)
         on conflict do nothing
         returning id`,
        [
          JSON.stringify(
            batch.map((p) => ({
              source: p.source,
              group_name: p.group ?? null,
              victim: p.victim.slice(0, 1000),
              published_at: p.publishedAt,
              country: p.country ?? null,
              sector: p.sector?.slice(0, 200) ?? null,
              website: p.website?.slice(0, 500) ?? null,
              url: p.url?.slice(0, 2048) ?? null,
              body: p.text ?? null,
              context: p.context,
            })),
          ),
          runId,
        ],
      );
      for (const row of rows) newIds.push(Number(row.id));
      batch = [];
    };
    for (const file of options.inputs) {
      const input = await openInput(file);
      if (!leakSites.detect(input.sample)) {
        input.stream.destroy();
        throw new InputRefused(
          `${path.basename(file)} is not a leak-site or paste dataset (a JSON array of posts)`,
        );
      }
      for await (const item of leakSites.parse(input.stream, {
        fileName: path.basename(file),
        head: input.sample.head,
      })) {
        if (options.signal?.aborted)
          throw new ImportRefused('the import was interrupted; nothing of it was kept');
        outcome.records++;
        if (item.kind === 'reject') addReject(outcome, item.where, item.reason);
        else batch.push(item);
        if (batch.length >= BATCH) await flush();
      }
      await flush();
      outcome.bytes += input.bytesTotal;
    }
    const { rows } = await db.query<{ alerts: number }>(
      'select private.match_leak_mentions($1::bigint[], null) as alerts',
      [newIds],
    );
    outcome.inserted = newIds.length;
    outcome.unchanged = outcome.records - outcome.rejected - newIds.length;
    outcome.counts = { posts: { inserted: newIds.length }, alerts: rows[0]!.alerts };
  });
}
