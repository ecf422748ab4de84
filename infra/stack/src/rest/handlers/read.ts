/** GET/HEAD on a table or view. */
import { outOfBounds, singularityError } from '../errors.js';
import { parseRequestQuery } from '../query-params/request-query.js';
import { contentTypeOf, type OutputFormat } from '../request/media-type.js';
import { preferenceApplied } from '../request/prefer.js';
import { transactionEnd } from '../schema-cache/db-settings.js';
import type { Table } from '../schema-cache/types.js';
import { qualified } from '../sql/fragments.js';
import { countAllSql, selectSql } from '../sql/read-sql.js';
import { mainStatement } from '../sql/statement.js';
import { explainSql, resolveTotal, totalSql, type CountPreference } from './count.js';
import { readResultRow, runOnTable } from './execute.js';
import { sendPlan } from './plan.js';
import { planRequestRead } from './plan-read.js';
import type { RestRequest } from './request-context.js';
import { contentRange, profileHeaders, rangeStatus, sendReply } from './respond.js';

/** Everything about a read that does not depend on who asks: reusable for the same request shape. */
export interface PreparedRead {
  kind: 'read';
  statements: string[];
  offset: number;
  /** HEAD with an exact count: only the total is queried, the page size is derived from it. */
  countOnly: boolean;
  pageLimit: number | undefined;
  count: CountPreference;
}

function prepareRead(r: RestRequest, table: Table): PreparedRead {
  const query = parseRequestQuery(r.pairs, { isRpcRead: false });
  const head = r.method === 'HEAD';
  const maxRows = r.settings.maxRows;
  const { plan, requested } = planRequestRead(
    r,
    query,
    { source: qualified(table.schema, table.name), alias: table.name, relationName: table.name, table },
    { rangeHeader: true },
  );
  const count = r.prefs.count;
  const countOnly = head && count === 'exact';
  const statements = countOnly
    ? [`SELECT (${countAllSql(plan)}) AS total`]
    : [
        mainStatement({
          source: selectSql(plan, head),
          total: totalSql(plan, count, maxRows),
          body: head ? { kind: 'none' } : { kind: 'rows', format: r.format },
          readOverrides: false,
        }),
      ];
  const explain = explainSql(plan, count);
  if (explain) statements.push(explain);
  return {
    kind: 'read',
    statements,
    offset: requested?.offset ?? 0,
    countOnly,
    pageLimit: plan.range.limit,
    count,
  };
}

function shapeKey(r: RestRequest, table: Table): string {
  const h = r.req.headers;
  return [r.method, table.schema, table.name, r.search, h.accept ?? '', h.prefer ?? '', h.range ?? ''].join(
    '\u0000',
  );
}

export async function handleRead(r: RestRequest, table: Table, format: OutputFormat): Promise<void> {
  const key = shapeKey(r, table);
  const cached = r.prepared.get(r.cache, key);
  let prepared = cached?.kind === 'read' ? cached : undefined;
  if (!prepared) {
    prepared = prepareRead(r, table);
    r.prepared.set(r.cache, key, prepared);
  }
  const { offset, count } = prepared;
  const maxRows = r.settings.maxRows;
  const tx = transactionEnd(r.settings.txEnd, r.prefs.tx);
  if (r.plan) return sendPlan(r, r.plan, prepared.statements[0]!, { readOnly: true, rollback: tx.rollback });
  const results = await runOnTable(r, table, prepared.statements, { readOnly: true, rollback: tx.rollback });
  const row = readResultRow(results[0]);
  if (prepared.countOnly)
    row.page = Math.max(0, Math.min(prepared.pageLimit ?? Infinity, (row.total ?? 0) - offset));
  const total = resolveTotal(count, row.total, results[1], maxRows);
  const upper = offset + row.page - 1;
  const status = rangeStatus(offset, upper, total);
  if (status === 416) throw outOfBounds(offset, total ?? 0);
  if (format.kind === 'object' && row.page !== 1) throw singularityError(row.page);
  const applied = preferenceApplied({
    count,
    tx: tx.applied,
    handling: r.prefs.handling,
    timezone: r.prefs.timezone,
  });
  const headers: Record<string, string> = { 'Content-Range': contentRange(offset, upper, total) };
  if (r.schema.byHeader) Object.assign(headers, profileHeaders(r));
  if (applied) headers['Preference-Applied'] = applied;
  sendReply(r, { status, body: row.body, contentType: contentTypeOf(format), headers }, row);
}
