/**
 * The floor the gateway is compared to: the least a Node server must do to answer the same
 * requests with the same guarantees. node:http, a pg Pool of the gateway's size logged in as
 * `authenticator`, and per request ONE simple-protocol round trip:
 *   BEGIN READ ONLY; SELECT set_config(search_path, role, request.jwt.claims); <query>; COMMIT
 * No routing table, no schema cache, no query parsing: the two queries are fixed. The bearer token
 * is verified (HS256) the first time it is seen and its claims cached, as the gateway caches them.
 *
 * Runs as its own process (floor-main.ts, started by floor-process.ts) so that it never shares an
 * event loop with the load generator, just like the gateway.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import http from 'node:http';
import pg from 'pg';
import { quoteLiteral } from '../../infra/stack/src/kernel/sql-text.js';

export interface FloorConfig {
  dbPort: number;
  authenticatorPassword: string;
  poolSize: number;
  jwtSecret: string;
  /** The gateway's search path for the public schema (`public` + extra_search_path). */
  searchPath: string[];
  /** `[api] max_rows`, for the Content-Range of a HEAD count. */
  maxRows: number;
}

export const COUNT_PATH = '/count';
export const RPC_PATH = '/rpc';
const MAX_BODY_BYTES = 64 * 1024;

class HttpError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

/** Verifies an HS256 JWT and returns its claims; the cache makes this a map lookup after the first time. */
function claimsVerifier(secret: string): (token: string) => Record<string, unknown> {
  const cache = new Map<string, Record<string, unknown>>();
  return (token) => {
    const cached = cache.get(token);
    if (cached) return cached;
    const [header, payload, signature] = token.split('.');
    if (!header || !payload || !signature) throw new HttpError(401, 'malformed token');
    const expected = createHmac('sha256', secret).update(`${header}.${payload}`).digest();
    const given = Buffer.from(signature, 'base64url');
    if (given.length !== expected.length || !timingSafeEqual(given, expected))
      throw new HttpError(401, 'bad signature');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString('utf8')) as Record<string, unknown>;
    if (typeof claims.exp === 'number' && claims.exp * 1000 < Date.now()) throw new HttpError(401, 'expired');
    if (cache.size >= 1000) cache.clear();
    cache.set(token, claims);
    return claims;
  };
}

function prologue(config: FloorConfig, claims: Record<string, unknown>): string {
  const role = typeof claims.role === 'string' ? claims.role : 'anon';
  const searchPath = config.searchPath.map((s) => `"${s.replace(/"/g, '""')}"`).join(', ');
  return (
    `BEGIN ISOLATION LEVEL READ COMMITTED READ ONLY; ` +
    `SELECT set_config('search_path', ${quoteLiteral(searchPath)}, true), ` +
    `set_config('role', ${quoteLiteral(role)}, true), ` +
    `set_config('request.jwt.claims', ${quoteLiteral(JSON.stringify({ ...claims, role }))}, true)`
  );
}

async function readBody(req: http.IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > MAX_BODY_BYTES) throw new HttpError(413, 'body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/** `{"p_limit": <integer>}`, the only argument the floor's RPC takes. */
function rpcLimit(body: string): number {
  let parsed: unknown;
  try {
    parsed = JSON.parse(body);
  } catch {
    throw new HttpError(400, 'body is not JSON');
  }
  const limit = (parsed as { p_limit?: unknown } | null)?.p_limit ?? 10;
  if (!Number.isSafeInteger(limit)) throw new HttpError(400, 'p_limit must be an integer');
  return limit as number;
}

/** Runs `text` (BEGIN … COMMIT) in one round trip and returns the first row of `statementIndex`. */
async function roundTrip(
  pool: pg.Pool,
  text: string,
  statementIndex: number,
): Promise<Record<string, unknown>> {
  const client = await pool.connect();
  try {
    const results = (await client.query(text)) as unknown as pg.QueryResult[];
    client.release();
    return (results[statementIndex]?.rows[0] ?? {}) as Record<string, unknown>;
  } catch (error) {
    // The transaction is aborted: roll it back, or drop the connection if even that fails.
    await client.query('ROLLBACK').then(
      () => client.release(),
      () => client.release(true),
    );
    throw error;
  }
}

export function createFloorServer(config: FloorConfig): { server: http.Server; pool: pg.Pool } {
  const pool = new pg.Pool({
    host: '127.0.0.1',
    port: config.dbPort,
    database: 'postgres',
    user: 'authenticator',
    password: config.authenticatorPassword,
    max: config.poolSize,
    idleTimeoutMillis: 30_000,
  });
  pool.on('error', () => undefined);
  const verify = claimsVerifier(config.jwtSecret);

  async function handle(req: http.IncomingMessage, res: http.ServerResponse): Promise<void> {
    const auth = req.headers.authorization ?? '';
    if (!auth.startsWith('Bearer ')) throw new HttpError(401, 'missing bearer token');
    const claims = verify(auth.slice(7));
    const path = (req.url ?? '/').split('?')[0];
    if (path === COUNT_PATH && (req.method === 'HEAD' || req.method === 'GET')) {
      const text = `${prologue(config, claims)}; SELECT pg_catalog.count(*) AS total FROM "public"."bench_events"; COMMIT`;
      const total = Number((await roundTrip(pool, text, 2)).total);
      const last = Math.min(total, config.maxRows) - 1;
      res.writeHead(200, {
        'Content-Range': total === 0 ? '*/0' : `0-${last}/${total}`,
        'Content-Length': '0',
      });
      res.end();
      return;
    }
    if (path === RPC_PATH && req.method === 'POST') {
      const limit = rpcLimit(await readBody(req));
      const text =
        `${prologue(config, claims)}; ` +
        `SELECT coalesce(json_agg(t), '[]')::text AS body FROM "public"."bench_recent_events"(p_limit := ${limit}) AS t; COMMIT`;
      const body = String((await roundTrip(pool, text, 2)).body ?? '[]');
      res.writeHead(200, {
        'Content-Type': 'application/json; charset=utf-8',
        'Content-Length': String(Buffer.byteLength(body)),
      });
      res.end(body);
      return;
    }
    throw new HttpError(404, `no route for ${req.method} ${path}`);
  }

  const server = http.createServer((req, res) => {
    handle(req, res).catch((error: unknown) => {
      const status = error instanceof HttpError ? error.status : 500;
      const body = JSON.stringify({ message: (error as Error).message });
      if (!req.complete) req.resume();
      if (res.headersSent) return void res.destroy();
      res.writeHead(status, {
        'Content-Type': 'application/json',
        'Content-Length': Buffer.byteLength(body),
      });
      res.end(req.method === 'HEAD' ? undefined : body);
    });
  });
  // Same as the gateway: keep-alive connections from the load generator stay open between requests.
  server.keepAliveTimeout = 65_000;
  return { server, pool };
}
