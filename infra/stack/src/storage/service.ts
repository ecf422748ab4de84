/**
 * `/storage/v1`: a supabase/storage-compatible object store for storage-js. Metadata lives in
 * storage.buckets / storage.objects (policies evaluated as the caller), bytes in the state folder.
 * Storage has no API-key check at the gateway (as with Kong): it authenticates the caller itself,
 * and public and signed URLs need no credentials at all.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayContext, Service, ServiceHealth, ServiceRoute } from '../kernel/context.js';
import { runAsRole, type RoleScope } from '../kernel/db.js';
import { IdentityCache } from '../kernel/identity-cache.js';
import { BlobStore } from './blob-store.js';
import type { StorageCall } from './call.js';
import { errors, sendStorageError, toStorageError } from './errors.js';
import { rawPathBelow } from './object-key.js';
import { dispatch } from './routes.js';

const PREFIX = '/storage/v1';

interface State {
  ctx?: GatewayContext;
  store?: BlobStore;
  identities: IdentityCache;
}

async function handle(
  state: State,
  req: IncomingMessage,
  res: ServerResponse,
  ctx: GatewayContext,
  route: ServiceRoute,
): Promise<void> {
  const method = (req.method ?? 'GET').toUpperCase();
  try {
    if (!state.store) throw errors.internal('Storage is not started');
    const call: StorageCall = {
      req,
      res,
      ctx,
      route,
      method,
      segments: rawPathBelow(req.url ?? '/', PREFIX)
        .split('/')
        .slice(1),
      query: route.url.searchParams,
      store: state.store,
      identities: state.identities,
    };
    await dispatch(call);
  } catch (error) {
    // The client went away (aborted upload or download): nobody is left to answer.
    if (!req.socket || req.socket.destroyed) {
      ctx.log('debug', 'storage request aborted by the client', { method, url: req.url });
      res.destroy();
      return;
    }
    const storageError = toStorageError(error);
    if (storageError.httpStatus >= 500) {
      ctx.log('error', 'storage request failed', {
        method,
        url: req.url,
        error: (error as Error).stack ?? String(error),
      });
    }
    if (res.headersSent) {
      // Streaming had already begun: all that is left is to cut the connection.
      res.destroy();
      return;
    }
    if (!req.complete) {
      // Refused before the body was read (or part-way): answer only once the client has finished
      // sending (a client still writing when the socket closes sees "fetch failed", not the error),
      // but never wait long or read without end for a client that keeps streaming.
      res.setHeader('Connection', 'close');
      await drainRequest(req, DRAIN_LIMIT_MS);
    }
    sendStorageError(res, storageError, method === 'HEAD');
  }
}

const DRAIN_LIMIT_MS = 2000;

function drainRequest(req: IncomingMessage, limitMs: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      clearTimeout(timer);
      resolve();
    };
    const timer = setTimeout(done, limitMs);
    req.once('end', done);
    req.once('close', done);
    req.once('error', done);
    req.resume();
  });
}

function serviceScope(path: string): RoleScope {
  return {
    role: 'service_role',
    claims: { role: 'service_role' },
    method: 'GET',
    path: `${PREFIX}${path}`,
    headers: {},
    readOnly: true,
    searchPath: ['storage'],
  };
}

async function health(state: State): Promise<ServiceHealth> {
  const { ctx, store } = state;
  if (!ctx || !store) return { healthy: false, detail: 'not started' };
  try {
    await store.probe();
  } catch (error) {
    return { healthy: false, detail: `object folder not writable: ${(error as Error).message}` };
  }
  const [result] = await runAsRole(ctx.pools.api, ctx.roleSettings, serviceScope('/health'), [
    'select (select count(*) from storage.buckets)::int as buckets, exists (select 1 from storage.objects) as objects',
  ]);
  const row = result!.rows[0] as { buckets: number };
  return { healthy: true, detail: `${row.buckets} buckets` };
}

/** Removes files of rows that no longer exist (a `stack reset` drops the rows, not the files). */
async function sweepOrphans(ctx: GatewayContext, store: BlobStore, before: number): Promise<void> {
  try {
    const [result] = await runAsRole(ctx.pools.api, ctx.roleSettings, serviceScope('/sweep'), [
      'select version from storage.objects where version is not null',
    ]);
    const referenced = new Set(result!.rows.map((row: { version: string }) => row.version));
    const removed = await store.sweepOrphans(referenced, before);
    if (removed > 0) ctx.log('info', 'storage removed orphaned object files', { removed });
  } catch (error) {
    ctx.log('warn', 'storage orphan sweep failed', { error: (error as Error).message });
  }
}

export function createStorageService(): Service {
  const state: State = { identities: new IdentityCache() };
  return {
    name: 'storage',
    prefix: PREFIX,
    requiresApiKey: () => false,
    handle: (req, res, ctx, route) => handle(state, req, res, ctx, route),
    health: () => health(state),
    async start(ctx) {
      const store = new BlobStore(ctx.paths.storage);
      await store.init();
      state.ctx = ctx;
      state.store = store;
      // In the background: start-up need not wait for a walk over the object folder.
      void sweepOrphans(ctx, store, Date.now());
    },
    async stop() {
      state.store = undefined;
    },
  };
}

export const storageService: Service = createStorageService();
