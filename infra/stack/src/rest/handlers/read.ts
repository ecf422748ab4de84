/** GET/HEAD on a table or view. */
import { outOfBounds, singularityError } from '../errors.js';
import { buildReadPlan } from '../plan/read-plan.js';
import { parseRequestQuery } from '../query-params/request-query.js';
import { contentTypeOf, type OutputFormat } from '../request/media-type.js';
import { preferenceApplied } from '../request/prefer.js';
import { capRange, checkLimit, intersectRanges, rangeFromHeader } from '../request/range.js';
import type { Table } from '../schema-cache/types.js';
import { qualified } from '../sql/fragments.js';
import { countAllSql, selectSql } from '../sql/read-sql.js';
import { mainStatement } from '../sql/statement.js';
import { explainSql, resolveTotal, totalSql } from './count.js';
import { readResultRow, runStatements } from './execute.js';
import type { RestRequest } from './request-context.js';
import { contentRange, profileHeaders, rangeStatus, sendReply } from './respond.js';

export async function handleRead(r: RestRequest, table: Table, format: OutputFormat): Promise<void> {
  const query = parseRequestQuery(r.pairs, { isRpcRead: false });
  const head = r.method === 'HEAD';
  const maxRows = r.ctx.config.api.maxRows;
  const requested = intersectRanges(query.ranges.get(''), rangeFromHeader(r.req.headers.range));
  checkLimit(requested);
  const plan = buildReadPlan(
    { cache: r.cache, schema: r.schema.schema, query, maxRows, rootFiltersApplied: false, rootRange: capRange(requested, maxRows) },
    { source: qualified(table.schema, table.name), alias: table.name, relationName: table.name, table },
  );
  const count = r.prefs.count;
  const offset = requested?.offset ?? 0;
  const statements: string[] = [];
  const countOnly = head && count === 'exact';
  if (countOnly) {
    statements.push(`SELECT (${countAllSql(plan)}) AS total`);
  } else {
    statements.push(
      mainStatement({
        source: selectSql(plan, head),
        shaped: 'SELECT * FROM pgrst_source',
        total: totalSql(plan, count, maxRows),
        body: head ? { kind: 'none' } : { kind: 'rows', format },
      }),
    );
  }
  const explain = explainSql(plan, count);
  if (explain) statements.push(explain);
  const results = await runStatements(r, statements, { readOnly: true, rollback: r.prefs.tx === 'rollback' });
  const row = readResultRow(results[0]);
  if (countOnly) {
    const limit = plan.range.limit ?? Infinity;
    row.page = Math.max(0, Math.min(limit, (row.total ?? 0) - offset));
  }
  const total = resolveTotal(count, row.total, results[1], maxRows);
  const upper = offset + row.page - 1;
  const status = rangeStatus(offset, upper, total);
  if (status === 416) throw outOfBounds(offset, total ?? 0);
  if (format.kind === 'object' && row.page !== 1) throw singularityError(row.page);
  const applied = preferenceApplied({ count, tx: r.prefs.tx, handling: r.prefs.handling, timezone: r.prefs.timezone });
  sendReply(
    r,
    {
      status,
      body: row.body,
      contentType: contentTypeOf(format),
      headers: {
        'Content-Range': contentRange(offset, upper, total),
        ...profileHeaders(r),
        ...(applied ? { 'Preference-Applied': applied } : {}),
      },
    },
    row,
  );
}
