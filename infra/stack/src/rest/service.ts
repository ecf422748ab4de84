/**
 * `/rest/v1`: a PostgREST-compatible API over the exposed schemas. Each request is parsed, planned
 * against the schema cache, and run as its role in one round trip; Postgres builds the body.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayContext, Service, ServiceRoute } from '../kernel/context.js';
import { JwtError } from '../kernel/jwt.js';
import {
  invalidPreferences,
  invalidResourcePath,
  queryParamError,
  RestError,
  schemaCacheUnavailable,
  tableNotFound,
  unsupportedMethod,
} from './errors.js';
import { closest, NAME_HINT_MIN_SCORE } from './fuzzy.js';
import { toRestError } from './handlers/execute.js';
import { handleMutation } from './handlers/mutate.js';
import { handleOpenApi } from './handlers/openapi.js';
import { PreparedCache } from './handlers/prepared-cache.js';
import { handleRead } from './handlers/read.js';
import type { PreparedShape, RestRequest } from './handlers/request-context.js';
import { sendError } from './handlers/respond.js';
import { handleRpc } from './handlers/rpc.js';
import { QueryParseError } from './query-params/cursor.js';
import { parseFormQuery, type QueryPair } from './query-params/form-query.js';
import { negotiate } from './request/media-type.js';
import { parsePrefer } from './request/prefer.js';
import { IdentityCache } from '../kernel/identity-cache.js';
import { chooseSchema } from './request/profile.js';
import { defaultSettings } from './schema-cache/db-settings.js';
import { SchemaCacheStore } from './schema-cache/store.js';
import type { SchemaCache, Table } from './schema-cache/types.js';
import { qualifiedKey } from './schema-cache/types.js';

const METHODS = new Set(['GET', 'HEAD', 'POST', 'PATCH', 'DELETE']);

function jwtError(error: JwtError): RestError {
  const code = error.failure === 'expired' || error.failure === 'claims' ? 'PGRST303' : 'PGRST301';
  const description = error.message.replace(/"/g, '\\"');
  return new RestError(401, code, error.message, null, null, {
    'WWW-Authenticate': `Bearer error="invalid_token", error_description="${description}"`,
  });
}

function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    return segment;
  }
}

function findTable(cache: SchemaCache, schema: string, name: string): Table {
  const table = cache.tables.get(qualifiedKey(schema, name));
  if (table) return table;
  const names = [...cache.tables.values()].filter((t) => t.schema === schema).map((t) => t.name);
  throw tableNotFound(schema, name, closest(name, names, NAME_HINT_MIN_SCORE));
}

async function dispatch(r: RestRequest, segments: string[]): Promise<void> {
  if (segments.length === 0) {
    if (r.method !== 'GET' && r.method !== 'HEAD') throw unsupportedMethod(r.method);
    return handleOpenApi(r);
  }
  if (segments.length === 2 && segments[0] === 'rpc') return handleRpc(r, segments[1]!, r.format);
  if (segments.length !== 1) throw invalidResourcePath();
  const table = findTable(r.cache, r.schema.schema, segments[0]!);
  switch (r.method) {
    case 'GET':
    case 'HEAD':
      return handleRead(r, table, r.format);
    case 'POST':
      return handleMutation(r, table, r.format, 'insert');
    case 'PATCH':
      return handleMutation(r, table, r.format, 'update');
    case 'DELETE':
      return handleMutation(r, table, r.format, 'delete');
    default:
      throw unsupportedMethod(r.method);
  }
}

interface ServiceState {
  store?: SchemaCacheStore;
  identities: IdentityCache;
  prepared: PreparedCache<PreparedShape>;
}

async function handle(
  state: ServiceState,
  req: IncomingMessage,
  res: ServerResponse,
  ctx: GatewayContext,
  route: ServiceRoute,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  let r: RestRequest | undefined;
  try {
    if (method === 'OPTIONS') {
      res.writeHead(200, { Allow: 'OPTIONS,GET,HEAD,POST,PATCH,DELETE', 'Content-Length': '0' });
      res.end();
      return;
    }
    if (!METHODS.has(method)) throw unsupportedMethod(method);
    const identity = await state.identities
      .resolve(req, ctx.secrets, route.apiKey)
      .catch((error: unknown) => {
        throw error instanceof JwtError ? jwtError(error) : error;
      });
    const schema = chooseSchema(req, ctx.config.api.schemas);
    const cache = state.store?.cache;
    if (!cache) throw schemaCacheUnavailable();
    const prefs = parsePrefer(req.headers.prefer);
    if (prefs.handling === 'strict' && prefs.invalid.length > 0) throw invalidPreferences(prefs.invalid);
    const segments = route.url.pathname
      .slice('/rest/v1'.length)
      .split('/')
      .filter((s) => s !== '')
      .map(decodeSegment);
    const search = route.url.search;
    let pairs: QueryPair[] | undefined;
    const settings = state.store!.settings;
    const { format, plan } = negotiate(req.headers.accept, segments.length === 0, {
      plan: settings.planEnabled,
      geoJson: settings.geoJson,
    });
    r = {
      req,
      res,
      ctx,
      method,
      path: route.path,
      schema,
      prefs,
      search,
      // Parsed only when needed: a prepared read of a known shape never looks at it.
      get pairs() {
        return (pairs ??= parseFormQuery(search).filter(([key]) => key !== 'apikey'));
      },
      format,
      plan,
      identity,
      cache,
      settings,
      prepared: state.prepared,
    };
    await dispatch(r, segments);
  } catch (error) {
    if (res.headersSent) {
      res.destroy();
      return;
    }
    let restError: RestError;
    if (error instanceof QueryParseError) restError = queryParamError(error.message, error.details);
    else if (error instanceof RestError) restError = error;
    else if (r) restError = toRestError(r, error);
    else throw error;
    if (!req.complete) req.resume();
    sendError(res, restError);
  }
}

/** One instance per gateway: it owns its schema cache and the listener that reloads it. */
export function createRestService(): Service {
  const state: ServiceState = { identities: new IdentityCache(), prepared: new PreparedCache() };
  return {
    name: 'rest',
    prefix: '/rest/v1',
    requiresApiKey: () => true,
    handle: (req, res, ctx, route) => handle(state, req, res, ctx, route),
    async start(ctx) {
      state.store = new SchemaCacheStore(
        ctx.pools.api,
        ctx.config.api.schemas,
        ctx.log,
        defaultSettings(ctx.config.api),
      );
      await state.store.start();
    },
    async stop() {
      await state.store?.stop();
      state.store = undefined;
    },
  };
}

export const restService: Service = createRestService();
