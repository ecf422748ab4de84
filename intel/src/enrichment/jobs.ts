/**
 * The worker's enrichment pass: takes the requests analysts queued (public.request_enrichment) one
 * at a time, checks the PAP gate again (a report marked PAP:AMBER since the request keeps the value
 * in), asks the service through the guarded fetch and stores the outcome on the request's row:
 * the answer with its expiry and score adjustment, "rate-limited until" with the service's
 * Retry-After (the row is taken again after it), or the failure in plain words (also on the
 * service's row for the Health page). An answer unlike the documented one is logged, not stored.
 */
import type pg from 'pg';
import { guardedFetch } from '../outbound/guarded-fetch.js';
import { loadOutboundPolicy } from '../outbound/policy.js';
import { fetchAnswer, type Outcome } from './fetch-answer.js';
import { CONNECTORS } from './services/index.js';

export interface EnrichmentJobResult {
  service: string;
  indicatorId: number;
  status: 'ok' | 'failed' | 'refused' | 'rate_limited';
  error?: string;
}

export interface EnrichmentPassOptions {
  /** The fetch to use (tests); the worker's guarded fetch under the administrators' rules otherwise. */
  fetch?: typeof fetch;
  signal?: AbortSignal;
  log?: (message: string) => void;
  /** At most this many requests in one pass (the worker comes back for the rest). */
  limit?: number;
}

interface Job {
  id: string;
  indicator_id: string;
  service_id: string;
  type: string;
  value: string;
  shareable: boolean;
  pap: string;
  enabled: boolean;
  name: string;
  base_url: string;
  ttl_hours: number;
  api_key: string | null;
}

async function takeJob(db: pg.ClientBase): Promise<Job | undefined> {
  const { rows } = await db.query<Job>(
    `with next as (
       select r.id from public.enrichment_results r
        where r.status = 'queued' or (r.status = 'rate_limited' and r.retry_at <= now())
        order by r.requested_at, r.id limit 1 for update skip locked)
     update public.enrichment_results r set attempts = r.attempts + 1 from next where r.id = next.id
     returning r.id, r.indicator_id, r.service_id,
       (select i.type::text from public.indicators i where i.id = r.indicator_id) as type,
       (select i.value from public.indicators i where i.id = r.indicator_id) as value,
       private.pap_allows_sharing(private.indicator_pap(r.indicator_id)) as shareable,
       upper(private.indicator_pap(r.indicator_id)::text) as pap,
       (select s.enabled from public.enrichment_services s where s.id = r.service_id) as enabled,
       (select s.name from public.enrichment_services s where s.id = r.service_id) as name,
       (select s.base_url from public.enrichment_services s where s.id = r.service_id) as base_url,
       (select s.ttl_hours from public.enrichment_services s where s.id = r.service_id) as ttl_hours,
       (select k.api_key from private.enrichment_service_keys k where k.service_id = r.service_id) as api_key`,
  );
  return rows[0];
}

async function store(db: pg.ClientBase, job: Job, outcome: Outcome): Promise<void> {
  if (outcome.kind === 'ok') {
    await db.query(
      `update public.enrichment_results
          set status = 'ok', fetched_at = now(), expires_at = now() + make_interval(hours => $2),
              summary = $3, raw = $4, link = $5, score_delta = $6, error = null, retry_at = null
        where id = $1`,
      [
        job.id,
        job.ttl_hours,
        outcome.summary.summary,
        JSON.stringify(outcome.raw),
        safeLink(outcome.summary.link),
        outcome.summary.scoreDelta,
      ],
    );
    await db.query(`select private.refresh_enrichment_score($1)`, [job.indicator_id]);
    return;
  }
  const retryAt = outcome.kind === 'rate_limited' ? outcome.retryAt : null;
  await db.query(
    `update public.enrichment_results set status = $2, error = $3, retry_at = $4 where id = $1`,
    [job.id, outcome.kind, outcome.error.slice(0, 2000), retryAt],
  );
  if (outcome.kind !== 'refused' || !outcome.error.startsWith('PAP:'))
    await db.query(
      `update public.enrichment_services set last_error = $2, last_error_at = now() where id = $1`,
      [job.service_id, outcome.error.slice(0, 2000)],
    );
}

function safeLink(link: string | undefined): string | null {
  return link && /^https?:\/\//i.test(link) && link.length <= 2048 ? link : null;
}

async function outcomeOf(job: Job, fetcher: typeof fetch): Promise<Outcome> {
  const connector = CONNECTORS[job.service_id];
  if (!connector) return { kind: 'failed', error: `No connector for the service ${job.service_id}.` };
  if (!job.enabled)
    return { kind: 'failed', error: `${job.name} was switched off before the request was made.` };
  // The PAP gate, again at the moment of sending (issue 28): nothing of PAP:AMBER or above leaves.
  if (!job.shareable) return { kind: 'refused', error: `PAP:${job.pap} — not sent to outside services.` };
  return fetchAnswer(
    connector,
    { type: job.type, value: job.value },
    {
      baseUrl: job.base_url,
      key: job.api_key ?? undefined,
      fetch: fetcher,
      name: job.name,
    },
  );
}

export async function enrichmentPass(
  db: pg.ClientBase,
  options: EnrichmentPassOptions = {},
): Promise<EnrichmentJobResult[]> {
  const results: EnrichmentJobResult[] = [];
  const fetcher = options.fetch ?? guardedFetch(await loadOutboundPolicy(db));
  for (let n = 0; n < (options.limit ?? 50) && !options.signal?.aborted; n++) {
    const job = await takeJob(db);
    if (!job) break;
    const outcome = await outcomeOf(job, fetcher);
    if (outcome.kind === 'failed' && outcome.malformed)
      options.log?.(`enrichment: ${job.service_id} about indicator ${job.indicator_id}: ${outcome.error}`);
    await store(db, job, outcome);
    results.push({
      service: job.service_id,
      indicatorId: Number(job.indicator_id),
      status: outcome.kind,
      ...(outcome.kind === 'ok' ? {} : { error: outcome.error }),
    });
  }
  return results;
}

/** When the next rate-limited request may be asked again (the worker sleeps no longer than that). */
export async function nextEnrichmentRetry(db: pg.ClientBase): Promise<Date | undefined> {
  const { rows } = await db.query<{ at: Date | null }>(
    `select min(retry_at) as at from public.enrichment_results where status = 'rate_limited'`,
  );
  return rows[0]?.at ?? undefined;
}
