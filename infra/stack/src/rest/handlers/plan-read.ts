/**
 * The read plan over the rows a request answers with, shared by table reads and function results:
 * the requested range (query `limit`/`offset`, and the `Range` header where it applies), checked
 * and capped by max-rows, then `select`, filters and order resolved against the schema cache.
 */
import { buildReadPlan, type RootSource } from '../plan/read-plan.js';
import type { ReadPlan } from '../plan/types.js';
import type { NodeRange, RequestQuery } from '../query-params/types.js';
import { capRange, checkLimit, intersectRanges, rangeFromHeader } from '../request/range.js';
import type { RestRequest } from './request-context.js';

export interface RequestReadPlan {
  plan: ReadPlan;
  /** The range the client asked for (its offset starts the Content-Range), before capping. */
  requested: NodeRange | undefined;
}

export function planRequestRead(
  r: RestRequest,
  query: RequestQuery,
  root: RootSource,
  options: { rangeHeader: boolean },
): RequestReadPlan {
  const maxRows = r.settings.maxRows;
  const requested = intersectRanges(
    query.ranges.get(''),
    options.rangeHeader ? rangeFromHeader(r.req.headers.range) : undefined,
  );
  checkLimit(requested);
  const plan = buildReadPlan(
    {
      cache: r.cache,
      schema: r.schema.schema,
      query,
      maxRows,
      aggregatesEnabled: r.settings.aggregatesEnabled,
      rootFiltersApplied: false,
      rootRange: capRange(requested, maxRows),
    },
    root,
  );
  return { plan, requested };
}
