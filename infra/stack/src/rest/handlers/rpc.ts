/**
 * `/rpc/<fn>`: POST with a JSON body of named arguments, or GET/HEAD with arguments in the query.
 * Calls are prepared once per shape (PreparedCache): a GET's SQL depends only on its URL and
 * headers; a POST whose body is a flat JSON object for plain-typed parameters of a function without
 * overloads depends on those and the argument names, its values being put in as literals per call.
 */
import { invalidBody, invalidRpcMethod, maxAffectedRpcViolation, outOfBounds } from '../errors.js';
import { parseRequestQuery } from '../query-params/request-query.js';
import type { RequestQuery } from '../query-params/types.js';
import { bodyKind, parseJsonBody, readRequestBody, type BodyKind } from '../request/body.js';
import { readFlatObject, type FlatValue } from '../request/flat-json.js';
import type { OutputFormat } from '../request/media-type.js';
import { preferenceApplied } from '../request/prefer.js';
import { transactionEnd } from '../schema-cache/db-settings.js';
import { findRoutine } from '../schema-cache/find-routine.js';
import type { Routine, RoutineParam } from '../schema-cache/types.js';
import { qualifiedKey } from '../schema-cache/types.js';
import { acceptsDirectJson, callSql, directJsonArg, type CallArgs } from '../sql/call-sql.js';
import { selectSql } from '../sql/read-sql.js';
import { mainStatement, type BodyShape } from '../sql/statement.js';
import { explainSql, resolveTotal, totalSql, type CountPreference } from './count.js';
import { readResultRow, runStatements } from './execute.js';
import { sendPlan } from './plan.js';
import { planRequestRead } from './plan-read.js';
import type { RestRequest } from './request-context.js';
import { contentRange, rangeStatus, sendResult } from './respond.js';

function returnsSingle(r: Routine): boolean {
  return !r.returnsSet;
}

function bodyShape(routine: Routine, format: OutputFormat, head: boolean): BodyShape {
  if (routine.returnsVoid) return { kind: 'none', evaluate: true };
  if (head) return { kind: 'none' };
  if (!routine.returnsComposite)
    return routine.returnsSet ? { kind: 'scalar-set', format } : { kind: 'scalar', format };
  return routine.returnsSet ? { kind: 'rows', format } : { kind: 'single-composite', format };
}

/** Function-level settings PostgREST applies to the transaction; search_path stays the function's own. */
function transactionSettings(routine: Routine): Record<string, string> {
  const { search_path: _ignored, ...rest } = routine.settings;
  return rest;
}

/**
 * Where a direct POST's argument list goes in a prepared statement. SQL text never contains NUL
 * (quoting refuses it), so the marker cannot clash with anything else in the statement.
 */
const ARGS_MARK = '\u0000args\u0000';

/** Everything about a call that does not depend on who asks or, for direct POSTs, on the values. */
export interface PreparedRpc {
  kind: 'rpc';
  /** Each statement split at ARGS_MARK (a single part when the call takes no values at run time). */
  statementParts: string[][];
  /** Direct POSTs: the parameters the body's values go to, in call order. */
  directParams: RoutineParam[] | undefined;
  readOnly: boolean;
  settings: Record<string, string>;
  offset: number;
  count: CountPreference;
  /** False for functions returning void (204). */
  represent: boolean;
}

interface Invocation {
  routine: Routine;
  args: CallArgs;
}

interface Invocation {
  routine: Routine;
  args: CallArgs;
  /** Set when the JSON body's values are passed as literals (see PreparedRpc.directParams). */
  directParams?: RoutineParam[];
}

/** Whether a flat JSON object's values can go to the function as literals (see call-sql.ts). */
function canCallDirectly(
  r: RestRequest,
  routine: Routine,
  params: RoutineParam[],
  flat: Map<string, FlatValue> | undefined,
  columns: string[] | undefined,
): boolean {
  if (flat === undefined || columns !== undefined) return false;
  const overloads = r.cache.routines.get(qualifiedKey(routine.schema, routine.name)) ?? [];
  return overloads.length === 1 && params.every(acceptsDirectJson);
}

async function resolvePost(
  r: RestRequest,
  name: string,
  columns: string[] | undefined,
  kind: BodyKind | undefined,
  body: { raw: Buffer; flat: Map<string, FlatValue> | undefined } | undefined,
): Promise<Invocation> {
  if (kind === undefined)
    throw invalidBody(`Content-Type not acceptable: ${(r.req.headers['content-type'] ?? '').split(';')[0]}`);
  const raw = body?.raw ?? (await readRequestBody(r.req, r.ctx.config.stack.maxBodyBytes));
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
  const parsed = parseJsonBody(raw, kind, columns, true);
  const keys = parsed.isArray && columns === undefined ? [] : parsed.keys;
  const routine = findRoutine(r.cache, r.schema.schema, name, keys, true, kind);
  if (routine.params.length === 1 && routine.params[0]!.name === '') {
    return { routine, args: { kind: 'single', text: parsed.text, type: routine.params[0]!.type } };
  }
  const params = routine.params.filter((p) => keys.includes(p.name));
  if (kind === 'json' && canCallDirectly(r, routine, params, body?.flat, columns))
    return { routine, args: { kind: 'named', list: ARGS_MARK }, directParams: params };
  return {
    routine,
    args: params.length === 0 ? { kind: 'none' } : { kind: 'json', text: parsed.text, params },
  };
}

function resolveGet(r: RestRequest, name: string, rpcArgs: [string, string][]): Invocation {
  const values = new Map<string, string[]>();
  for (const [key, value] of rpcArgs) values.set(key, [...(values.get(key) ?? []), value]);
  const routine = findRoutine(r.cache, r.schema.schema, name, [...values.keys()], false, 'json');
  const params = routine.params.filter((p) => values.has(p.name));
  return { routine, args: params.length === 0 ? { kind: 'none' } : { kind: 'direct', values, params } };
}

/** The cache key of a call's shape; `argNames` only for direct POSTs (their values vary). */
function shapeKey(r: RestRequest, name: string, argNames: string[] | undefined): string {
  const h = r.req.headers;
  const range = r.method === 'POST' ? '' : (h.range ?? '');
  return [
    'rpc',
    r.method,
    r.schema.schema,
    name,
    r.search,
    h.accept ?? '',
    h.prefer ?? '',
    range,
    ...(argNames ?? []),
  ].join('\u0000');
}

function cachedCall(r: RestRequest, key: string): PreparedRpc | undefined {
  const cached = r.prepared.get(r.cache, key);
  return cached?.kind === 'rpc' ? cached : undefined;
}

function prepareCall(
  r: RestRequest,
  format: OutputFormat,
  query: RequestQuery,
  { routine, args, directParams }: Invocation,
): PreparedRpc {
  const isRead = r.method === 'GET' || r.method === 'HEAD';
  const head = r.method === 'HEAD';
  const maxRows = r.settings.maxRows;
  const prefs = r.prefs;
  if (prefs.maxAffected !== undefined && prefs.handling === 'strict' && returnsSingle(routine))
    throw maxAffectedRpcViolation();
  const relationName = routine.returnTable ?? routine.name;
  const table =
    routine.returnTable === undefined
      ? undefined
      : r.cache.tables.get(qualifiedKey(routine.schema, routine.returnTable));
  const { plan, requested } = planRequestRead(
    r,
    query,
    { source: 'pgrst_source', alias: relationName, relationName, table },
    { rangeHeader: isRead },
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
  return {
    kind: 'rpc',
    statementParts: statements.map((s) => (directParams ? s.split(ARGS_MARK) : [s])),
    directParams,
    readOnly: isRead || routine.volatility !== 'volatile',
    settings: transactionSettings(routine),
    offset: requested?.offset ?? 0,
    count,
    represent: !routine.returnsVoid,
  };
}

/**
 * Reads the body of a JSON POST before the query is parsed (the body's argument names are part of
 * the shape key). A failed read still reports a bad query string first, as the full path does.
 */
async function readJsonBody(r: RestRequest): Promise<Buffer> {
  try {
    return await readRequestBody(r.req, r.ctx.config.stack.maxBodyBytes);
  } catch (error) {
    parseRequestQuery(r.pairs, { isRpcRead: false });
    throw error;
  }
}

async function preparedPost(
  r: RestRequest,
  name: string,
  format: OutputFormat,
): Promise<{ prepared: PreparedRpc; flat?: Map<string, FlatValue> }> {
  const kind = bodyKind(r.req.headers['content-type']);
  let body: { raw: Buffer; flat: Map<string, FlatValue> | undefined } | undefined;
  let key: string | undefined;
  if (kind === 'json') {
    const raw = await readJsonBody(r);
    const flat = readFlatObject(raw.toString('utf8'));
    body = { raw, flat };
    if (flat) {
      key = shapeKey(r, name, [...flat.keys()]);
      const cached = cachedCall(r, key);
      if (cached) return { prepared: cached, flat };
    }
  }
  const query = parseRequestQuery(r.pairs, { isRpcRead: false });
  const invocation = await resolvePost(r, name, query.columns, kind, body);
  const prepared = prepareCall(r, format, query, invocation);
  if (key !== undefined && prepared.directParams) r.prepared.set(r.cache, key, prepared);
  return { prepared, flat: body?.flat };
}

function preparedGet(r: RestRequest, name: string, format: OutputFormat): PreparedRpc {
  const key = shapeKey(r, name, undefined);
  const cached = cachedCall(r, key);
  if (cached) return cached;
  const query = parseRequestQuery(r.pairs, { isRpcRead: true });
  const prepared = prepareCall(r, format, query, resolveGet(r, name, query.rpcArgs));
  r.prepared.set(r.cache, key, prepared);
  return prepared;
}

function statementsOf(prepared: PreparedRpc, flat: Map<string, FlatValue> | undefined): string[] {
  const params = prepared.directParams;
  if (params === undefined) return prepared.statementParts.map((parts) => parts[0]!);
  const list = params.map((p) => directJsonArg(p, flat?.get(p.name) ?? { kind: 'null' })).join(', ');
  return prepared.statementParts.map((parts) => parts.join(list));
}

export async function handleRpc(r: RestRequest, name: string, format: OutputFormat): Promise<void> {
  const isRead = r.method === 'GET' || r.method === 'HEAD';
  if (!isRead && r.method !== 'POST') throw invalidRpcMethod(r.method);
  const { prepared, flat } = isRead
    ? { prepared: preparedGet(r, name, format), flat: undefined }
    : await preparedPost(r, name, format);
  const prefs = r.prefs;
  const tx = transactionEnd(r.settings.txEnd, prefs.tx);
  const statements = statementsOf(prepared, flat);
  if (r.plan) {
    const run = { readOnly: prepared.readOnly, settings: prepared.settings, rollback: tx.rollback };
    return sendPlan(r, r.plan, statements[0]!, run);
  }
  const results = await runStatements(r, statements, {
    readOnly: prepared.readOnly,
    settings: prepared.settings,
    rollback: tx.rollback,
  });
  const { offset, count } = prepared;
  const row = readResultRow(results[0]);
  const total = resolveTotal(count, row.total, results[1], r.settings.maxRows);
  const upper = offset + row.page - 1;
  const status = rangeStatus(offset, upper, total);
  if (status === 416) throw outOfBounds(offset, total ?? 0);
  const applied = preferenceApplied({
    count,
    tx: tx.applied,
    handling: prefs.handling,
    timezone: prefs.timezone,
    maxAffected: prefs.maxAffected,
  });
  const headers: Record<string, string> = {
    'Content-Range': contentRange(offset, upper, total),
    ...(applied ? { 'Preference-Applied': applied } : {}),
  };
  const represent = prepared.represent;
  sendResult(r, { status: represent ? status : 204, headers, format, represent }, row);
}
