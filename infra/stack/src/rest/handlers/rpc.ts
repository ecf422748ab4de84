/** `/rpc/<fn>`: POST with a JSON body of named arguments, or GET/HEAD with arguments in the query. */
import { invalidBody, invalidRpcMethod, maxAffectedRpcViolation, outOfBounds } from '../errors.js';
import { buildReadPlan } from '../plan/read-plan.js';
import { parseRequestQuery } from '../query-params/request-query.js';
import { bodyKind, parseJsonBody, readRequestBody, type BodyKind } from '../request/body.js';
import type { OutputFormat } from '../request/media-type.js';
import { preferenceApplied } from '../request/prefer.js';
import { capRange, checkLimit, intersectRanges, rangeFromHeader } from '../request/range.js';
import { findRoutine } from '../schema-cache/find-routine.js';
import type { Routine } from '../schema-cache/types.js';
import { qualifiedKey } from '../schema-cache/types.js';
import { callSql, type CallArgs } from '../sql/call-sql.js';
import { selectSql } from '../sql/read-sql.js';
import { mainStatement, type BodyShape } from '../sql/statement.js';
import { explainSql, resolveTotal, totalSql } from './count.js';
import { readResultRow, runStatements } from './execute.js';
import type { RestRequest } from './request-context.js';
import { contentRange, rangeStatus, sendResult } from './respond.js';

function returnsSingle(r: Routine): boolean {
  return !r.returnsSet;
}

function bodyShape(routine: Routine, format: OutputFormat, head: boolean): BodyShape {
  if (head || routine.returnsVoid) return { kind: 'none' };
  if (!routine.returnsComposite)
    return routine.returnsSet ? { kind: 'scalar-set', format } : { kind: 'scalar', format };
  return routine.returnsSet ? { kind: 'rows', format } : { kind: 'single-composite', format };
}

/** Function-level settings PostgREST applies to the transaction; search_path stays the function's own. */
function transactionSettings(routine: Routine): Record<string, string> {
  const { search_path: _ignored, ...rest } = routine.settings;
  return rest;
}

interface Invocation {
  routine: Routine;
  args: CallArgs;
}

async function resolvePost(r: RestRequest, name: string, columns: string[] | undefined): Promise<Invocation> {
  const kind: BodyKind | undefined = bodyKind(r.req.headers['content-type']);
  if (kind === undefined)
    throw invalidBody(`Content-Type not acceptable: ${(r.req.headers['content-type'] ?? '').split(';')[0]}`);
  const raw = await readRequestBody(r.req, r.ctx.config.stack.maxBodyBytes);
  if (kind === 'text' || kind === 'xml' || kind === 'binary') {
    const routine = findRoutine(r.cache, r.schema.schema, name, [], true, kind);
    const param = routine.params[0];
    if (!param) return { routine, args: { kind: 'none' } };
    return {
      routine,
      args: {
        kind: 'single',
        text: kind === 'binary' ? `\\x${raw.toString('hex')}` : raw.toString('utf8'),
        type: param.type,
      },
    };
  }
  const body = parseJsonBody(raw, kind, columns, true);
  const keys = body.isArray && columns === undefined ? [] : body.keys;
  const routine = findRoutine(r.cache, r.schema.schema, name, keys, true, kind);
  if (routine.params.length === 1 && routine.params[0]!.name === '') {
    return { routine, args: { kind: 'single', text: body.text, type: routine.params[0]!.type } };
  }
  const params = routine.params.filter((p) => keys.includes(p.name));
  return {
    routine,
    args: params.length === 0 ? { kind: 'none' } : { kind: 'json', text: body.text, params },
  };
}

function resolveGet(r: RestRequest, name: string, rpcArgs: [string, string][]): Invocation {
  const values = new Map<string, string[]>();
  for (const [key, value] of rpcArgs) values.set(key, [...(values.get(key) ?? []), value]);
  const routine = findRoutine(r.cache, r.schema.schema, name, [...values.keys()], false, 'json');
  const params = routine.params.filter((p) => values.has(p.name));
  return { routine, args: params.length === 0 ? { kind: 'none' } : { kind: 'direct', values, params } };
}

export async function handleRpc(r: RestRequest, name: string, format: OutputFormat): Promise<void> {
  const isRead = r.method === 'GET' || r.method === 'HEAD';
  if (!isRead && r.method !== 'POST') throw invalidRpcMethod(r.method);
  const query = parseRequestQuery(r.pairs, { isRpcRead: isRead });
  const { routine, args } = isRead
    ? resolveGet(r, name, query.rpcArgs)
    : await resolvePost(r, name, query.columns);
  const head = r.method === 'HEAD';
  const maxRows = r.ctx.config.api.maxRows;
  const prefs = r.prefs;
  if (prefs.maxAffected !== undefined && prefs.handling === 'strict' && returnsSingle(routine))
    throw maxAffectedRpcViolation();

  const requested = intersectRanges(
    query.ranges.get(''),
    isRead ? rangeFromHeader(r.req.headers.range) : undefined,
  );
  checkLimit(requested);
  const relationName = routine.returnTable ?? routine.name;
  const table =
    routine.returnTable === undefined
      ? undefined
      : r.cache.tables.get(qualifiedKey(routine.schema, routine.returnTable));
  const plan = buildReadPlan(
    {
      cache: r.cache,
      schema: r.schema.schema,
      query,
      maxRows,
      rootFiltersApplied: false,
      rootRange: capRange(requested, maxRows),
    },
    { source: 'pgrst_source', alias: relationName, relationName, table },
  );
  const source = callSql(routine, args);
  const count = prefs.count;
  const statements = [
    mainStatement({
      source,
      shaped: selectSql(plan, false),
      total: totalSql(plan, count, maxRows),
      body: bodyShape(routine, format, head),
      pageIsOne: returnsSingle(routine),
      guards: {
        singular: format.kind === 'object',
        maxAffected: prefs.handling === 'strict' ? prefs.maxAffected : undefined,
      },
    }),
  ];
  const explain = explainSql(plan, count, `WITH pgrst_source AS (${source}) `);
  if (explain) statements.push(explain);
  const readOnly = isRead || routine.volatility !== 'volatile';
  const results = await runStatements(r, statements, {
    readOnly,
    settings: transactionSettings(routine),
    rollback: prefs.tx === 'rollback',
  });
  const row = readResultRow(results[0]);
  const total = resolveTotal(count, row.total, results[1], maxRows);
  const offset = requested?.offset ?? 0;
  const upper = offset + row.page - 1;
  const status = rangeStatus(offset, upper, total);
  if (status === 416) throw outOfBounds(offset, total ?? 0);
  const applied = preferenceApplied({
    count,
    tx: prefs.tx,
    handling: prefs.handling,
    timezone: prefs.timezone,
    maxAffected: prefs.maxAffected,
  });
  const headers: Record<string, string> = {
    'Content-Range': contentRange(offset, upper, total),
    ...(applied ? { 'Preference-Applied': applied } : {}),
  };
  const represent = !routine.returnsVoid;
  sendResult(r, { status: represent ? status : 204, headers, format, represent }, row);
}
