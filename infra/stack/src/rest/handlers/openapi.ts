/**
 * `GET /rest/v1/`: a minimal OpenAPI 2.0 description of the exposed schema (tables, views and
 * functions with their columns), enough for `getOpenApiSpec()` and tooling that lists endpoints.
 * As PostgREST's `openapi-mode`: by default only what the request's role holds a privilege on
 * (an anonymous caller does not learn the names of tables and functions it cannot use),
 * `ignore-privileges` lists everything, `disabled` answers 404 (PGRST126).
 */
import { openApiDisabled } from '../errors.js';
import type { SchemaCache } from '../schema-cache/types.js';
import { runStatements } from './execute.js';
import type { RestRequest } from './request-context.js';
import { profileHeaders, sendReply } from './respond.js';

/** Names the role may use: relations with any table privilege, functions it may execute. */
interface Visible {
  relations: Set<string>;
  functions: Set<string>;
}

/** Asked as the request's role, so has_*_privilege judges that role (grants through PUBLIC included). */
function privilegesSql(schema: string): string {
  const literal = `'${schema.replace(/'/g, "''")}'`;
  return `SELECT
    (SELECT coalesce(json_agg(c.relname), '[]') FROM pg_catalog.pg_class c
      WHERE c.relnamespace = ${literal}::regnamespace AND c.relkind IN ('r', 'v', 'm', 'f', 'p')
        AND pg_catalog.has_table_privilege(c.oid, 'SELECT, INSERT, UPDATE, DELETE')) AS relations,
    (SELECT coalesce(json_agg(DISTINCT p.proname), '[]') FROM pg_catalog.pg_proc p
      WHERE p.pronamespace = ${literal}::regnamespace
        AND pg_catalog.has_function_privilege(p.oid, 'EXECUTE')) AS functions`;
}

async function visibleTo(r: RestRequest): Promise<Visible | undefined> {
  if (r.settings.openapiMode === 'ignore-privileges') return undefined;
  const [result] = await runStatements(r, [privilegesSql(r.schema.schema)], { readOnly: true });
  const row = result!.rows[0] as { relations: string[]; functions: string[] };
  return { relations: new Set(row.relations), functions: new Set(row.functions) };
}

function describe(cache: SchemaCache, schema: string, visible: Visible | undefined): unknown {
  const paths: Record<string, unknown> = {
    '/': {
      get: {
        produces: ['application/openapi+json', 'application/json'],
        responses: { 200: { description: 'OK' } },
      },
    },
  };
  const definitions: Record<string, unknown> = {};
  for (const table of cache.tables.values()) {
    if (table.schema !== schema || (visible && !visible.relations.has(table.name))) continue;
    const methods: Record<string, unknown> = { get: { responses: { 200: { description: 'OK' } } } };
    if (table.insertable) methods.post = { responses: { 201: { description: 'Created' } } };
    if (table.updatable) methods.patch = { responses: { 204: { description: 'No Content' } } };
    if (table.deletable) methods.delete = { responses: { 204: { description: 'No Content' } } };
    paths[`/${table.name}`] = methods;
    definitions[table.name] = {
      type: 'object',
      required: table.columns.filter((c) => !c.nullable && c.defaultExpr === undefined).map((c) => c.name),
      properties: Object.fromEntries(table.columns.map((c) => [c.name, { format: c.type }])),
    };
  }
  for (const overloads of cache.routines.values()) {
    const routine = overloads[0]!;
    if (routine.schema !== schema || (visible && !visible.functions.has(routine.name))) continue;
    paths[`/rpc/${routine.name}`] = { post: { responses: { 200: { description: 'OK' } } } };
  }
  return {
    swagger: '2.0',
    info: { title: 'Supabase-compatible REST API', version: '14' },
    basePath: '/',
    schemes: ['http'],
    consumes: ['application/json'],
    produces: ['application/json'],
    paths,
    definitions,
  };
}

export async function handleOpenApi(r: RestRequest): Promise<void> {
  if (r.settings.openapiMode === 'disabled') throw openApiDisabled();
  const body = JSON.stringify(describe(r.cache, r.schema.schema, await visibleTo(r)));
  sendReply(r, {
    status: 200,
    body,
    contentType: 'application/openapi+json; charset=utf-8',
    headers: profileHeaders(r),
  });
}
