/** POST (insert, upsert), PATCH (update) and DELETE on a table or view. */
import { columnNotFound, invalidBody, RestError } from '../errors.js';
import { resolveConditions } from '../plan/conditions.js';
import { buildReadPlan } from '../plan/read-plan.js';
import type { ReadPlan } from '../plan/types.js';
import { parseRequestQuery } from '../query-params/request-query.js';
import type { RequestQuery } from '../query-params/types.js';
import { bodyKind, parseJsonBody, readRequestBody, type ParsedBody } from '../request/body.js';
import type { OutputFormat } from '../request/media-type.js';
import { preferenceApplied, type Preferences } from '../request/prefer.js';
import { transactionEnd } from '../schema-cache/db-settings.js';
import type { Column, Table } from '../schema-cache/types.js';
import { columnRef, quoteIdent } from '../sql/fragments.js';
import { deleteSql, insertSql, updateSql } from '../sql/mutate-sql.js';
import { conditionsSql, selectSql } from '../sql/read-sql.js';
import { mainStatement, type Guards } from '../sql/statement.js';
import { readResultRow, runOnTable } from './execute.js';
import { sendPlan } from './plan.js';
import type { RestRequest } from './request-context.js';
import { contentRange, sendResult } from './respond.js';

type Mutation = 'insert' | 'update' | 'delete';

function rootWhere(table: Table, query: RequestQuery): string[] {
  const node: ReadPlan = {
    source: '',
    alias: table.name,
    schema: table.schema,
    relationName: table.name,
    table,
    columns: [],
    embeds: [],
    where: [],
    joinConditions: [],
    order: [],
    range: { offset: 0 },
  };
  const trees = [
    ...query.filters
      .filter((f) => f.path.length === 0)
      .map((f) => ({ kind: 'filter' as const, filter: f.filter })),
    ...query.logic.filter((l) => l.path.length === 0).map((l) => l.tree),
  ];
  return conditionsSql(resolveConditions(node, trees));
}

function payloadColumns(table: Table, keys: string[]): Column[] {
  return keys.map((key) => {
    const column = table.columnsByName.get(key);
    if (!column) throw columnNotFound(table.name, key);
    return column;
  });
}

async function readPayload(r: RestRequest, query: RequestQuery): Promise<ParsedBody> {
  const kind = bodyKind(r.req.headers['content-type']);
  if (kind !== 'json' && kind !== 'form') {
    throw invalidBody(`Content-Type not acceptable: ${(r.req.headers['content-type'] ?? '').split(';')[0]}`);
  }
  const raw = await readRequestBody(r.req, r.ctx.config.stack.maxBodyBytes);
  return parseJsonBody(raw, kind, query.columns, false);
}

function conflictTarget(table: Table, query: RequestQuery, prefs: Preferences): string[] | undefined {
  if (!prefs.resolution) return undefined;
  const columns = query.onConflict ?? table.primaryKey;
  return columns.length > 0 ? columns : undefined;
}

function locationHeader(table: Table, body: string, page: number): Record<string, string> {
  if (page !== 1 || table.primaryKey.length === 0) return {};
  const row = (JSON.parse(body) as Record<string, unknown>[])[0] ?? {};
  const params = new URLSearchParams();
  for (const pk of table.primaryKey) {
    const value = row[pk];
    params.append(pk, value === null || value === undefined ? 'is.null' : `eq.${String(value)}`);
  }
  return { Location: `/${table.name}?${params.toString()}` };
}

export async function handleMutation(
  r: RestRequest,
  table: Table,
  format: OutputFormat,
  mutation: Mutation,
): Promise<void> {
  const query = parseRequestQuery(r.pairs, { isRpcRead: false });
  const prefs = r.prefs;
  const alias = table.name;
  const representation = prefs.return === 'representation';
  const headersOnly = mutation === 'insert' && prefs.return === 'headers-only';
  const returning = representation
    ? `${quoteIdent(alias)}.*`
    : headersOnly && table.primaryKey.length > 0
      ? table.primaryKey.map((c) => columnRef(alias, c)).join(', ')
      : '1';

  let source: string;
  let conflict: string[] | undefined;
  if (mutation === 'delete') {
    const where = rootWhere(table, query);
    if (where.length === 0) throw new RestError(400, '21000', 'DELETE requires a WHERE clause');
    source = deleteSql(table, alias, where, returning);
  } else {
    const payload = await readPayload(r, query);
    const columns = payloadColumns(table, payload.keys);
    if (mutation === 'insert') {
      conflict = conflictTarget(table, query, prefs);
      source = insertSql({
        table,
        alias,
        columns,
        payload: { text: payload.text, isArray: payload.isArray },
        applyDefaults: prefs.missing === 'default',
        conflict:
          conflict && prefs.resolution ? { columns: conflict, resolution: prefs.resolution } : undefined,
        returning,
      });
    } else {
      const where = rootWhere(table, query);
      if (where.length === 0 && columns.length > 0)
        throw new RestError(400, '21000', 'UPDATE requires a WHERE clause');
      source = updateSql({
        table,
        alias,
        columns,
        payload: { text: payload.text, isArray: payload.isArray },
        applyDefaults: prefs.missing === 'default',
        where,
        returning,
      });
    }
  }

  let shaped = 'SELECT * FROM pgrst_source';
  if (representation) {
    const plan = buildReadPlan(
      {
        cache: r.cache,
        schema: r.schema.schema,
        query,
        aggregatesEnabled: r.settings.aggregatesEnabled,
        rootFiltersApplied: true,
        rootRange: { offset: 0 },
      },
      { source: 'pgrst_source', alias, relationName: table.name, table },
    );
    shaped = selectSql(plan, false);
  }
  const guards: Guards = {
    singular: format.kind === 'object',
    maxAffected: mutation !== 'insert' && prefs.handling === 'strict' ? prefs.maxAffected : undefined,
  };
  const merge = mutation === 'insert' && conflict !== undefined && prefs.resolution === 'merge-duplicates';
  const statement = mainStatement({
    source,
    shaped,
    body:
      representation || headersOnly
        ? { kind: 'rows', format: representation ? format : { kind: 'json', stripNulls: false } }
        : { kind: 'none' },
    guards,
    countInserted: merge,
  });
  const tx = transactionEnd(r.settings.txEnd, prefs.tx);
  if (r.plan) return sendPlan(r, r.plan, statement, { readOnly: false, rollback: tx.rollback });
  const results = await runOnTable(r, table, [statement], { readOnly: false, rollback: tx.rollback });
  const row = readResultRow(results[0]);

  const counted = prefs.count === 'exact' || prefs.count === 'estimated' ? row.page : null;
  const range = mutation === 'update' ? contentRange(0, row.page - 1, counted) : contentRange(1, 0, counted);
  const applied = preferenceApplied({
    resolution: mutation === 'insert' && conflict !== undefined ? prefs.resolution : undefined,
    missing: mutation !== 'delete' ? prefs.missing : undefined,
    return: prefs.return,
    count: prefs.count,
    tx: tx.applied,
    handling: prefs.handling,
    timezone: prefs.timezone,
    maxAffected: mutation !== 'insert' ? prefs.maxAffected : undefined,
  });
  const headers: Record<string, string> = {
    'Content-Range': range,
    ...(applied ? { 'Preference-Applied': applied } : {}),
    ...(headersOnly ? locationHeader(table, row.body, row.page) : {}),
  };
  let status: number;
  if (mutation === 'insert') status = merge && (row.inserted ?? 0) <= 0 ? 200 : 201;
  else status = representation ? 200 : 204;
  sendResult(r, { status, headers, format, represent: representation }, row);
}
