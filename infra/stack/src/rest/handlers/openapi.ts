/**
 * `GET /rest/v1/`: a minimal OpenAPI 2.0 description of the exposed schema (tables, views and
 * functions with their columns), enough for `getOpenApiSpec()` and tooling that lists endpoints.
 */
import type { SchemaCache } from '../schema-cache/types.js';
import type { RestRequest } from './request-context.js';
import { profileHeaders, sendReply } from './respond.js';

function describe(cache: SchemaCache, schema: string): unknown {
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
    if (table.schema !== schema) continue;
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
    if (routine.schema !== schema) continue;
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

export function handleOpenApi(r: RestRequest): void {
  const body = JSON.stringify(describe(r.cache, r.schema.schema));
  sendReply(r, {
    status: 200,
    body,
    contentType: 'application/openapi+json; charset=utf-8',
    headers: profileHeaders(r),
  });
}
