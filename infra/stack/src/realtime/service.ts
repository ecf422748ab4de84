/**
 * `/realtime/v1`: Supabase Realtime for the gateway. WebSocket at `/websocket` (Phoenix channels,
 * vsn 1.0.0 and 2.0.0) with broadcast, presence and postgres_changes; REST broadcast at
 * `/api/broadcast`. postgres_changes come from a logical replication stream (pgoutput, temporary
 * slot) and are RLS-checked per subscriber group (see changes/).
 */
import type { IncomingMessage } from 'node:http';
import type { Duplex } from 'node:stream';
import { WebSocketServer } from 'ws';
import type { GatewayContext, Service, ServiceRoute } from '../kernel/context.js';
import { refuseUpgrade, sendJson } from '../kernel/http.js';
import { Catalog } from './catalog.js';
import { ChangeFeed } from './changes/feed.js';
import { DatabaseBroadcast, MESSAGES_PUBLICATION } from './db-broadcast.js';
import { RealtimeConnection } from './connection.js';
import type { Vsn } from './frames.js';
import { Hub } from './hub.js';
import { ReplicationStream } from './replication.js';
import { handleRestBroadcast } from './rest-broadcast.js';
import { RealtimeTokenError, upgradeRefusal, verifyRealtimeToken } from './tokens.js';

/** Phoenix closes a socket that sent nothing (not even a heartbeat) for this long. */
export const IDLE_TIMEOUT_MS = 60_000;
const SWEEP_INTERVAL_MS = 5_000;
/** A join waits this long for the replication stream before saying it is not connected. */
const REPLICATION_WAIT_MS = 1_500;
const PUBLICATION = 'supabase_realtime';
const REPLICATION_USER = 'supabase_replication_admin';

interface RealtimeState {
  ctx: GatewayContext;
  hub: Hub;
  catalog: Catalog;
  feed: ChangeFeed;
  replication: ReplicationStream;
  wss: WebSocketServer;
  connections: Set<RealtimeConnection>;
  sweep: NodeJS.Timeout;
}

let state: RealtimeState | undefined;

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

async function replicationReady(replication: ReplicationStream): Promise<boolean> {
  const deadline = Date.now() + REPLICATION_WAIT_MS;
  while (!replication.connected && Date.now() < deadline) {
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  return replication.connected;
}

async function upgrade(
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  ctx: GatewayContext,
  route: ServiceRoute,
) {
  const s = state;
  if (!s) return refuseUpgrade(socket, 503, { error: 'Realtime is not running' });
  if (route.path !== '/websocket' && route.path !== '/websocket/') {
    return refuseUpgrade(socket, 404, { message: 'no Route matched with those values' });
  }
  // Supabase's gateway passes the key as x-api-key; clients put it in the `apikey` query parameter.
  const token =
    header(req, 'x-api-key') ?? header(req, 'apikey') ?? route.url.searchParams.get('apikey') ?? '';
  if (token === '') {
    const { status, body } = upgradeRefusal(new RealtimeTokenError('missing', '', ''));
    return refuseUpgrade(socket, status, body);
  }
  let verified;
  try {
    verified = await verifyRealtimeToken(token, ctx.secrets);
  } catch (error) {
    if (!(error instanceof RealtimeTokenError)) throw error;
    const { status, body } = upgradeRefusal(error);
    return refuseUpgrade(socket, status, body);
  }
  const vsnParam = route.url.searchParams.get('vsn');
  // Phoenix serves 1.0.0 when the client names no version.
  const vsn: Vsn | undefined =
    vsnParam === null || vsnParam === '1.0.0' ? '1.0.0' : vsnParam === '2.0.0' ? '2.0.0' : undefined;
  if (!vsn) return refuseUpgrade(socket, 400, { error: `Unsupported protocol version vsn=${vsnParam}` });
  if (s.connections.size >= ctx.config.realtime.maxConnections) {
    return refuseUpgrade(socket, 429, { error: 'ConnectionRateLimitReached: Too many connected users' });
  }
  s.wss.handleUpgrade(req, socket, head, (ws) => {
    const connection = new RealtimeConnection(
      ws,
      vsn,
      { token, verified },
      {
        ctx,
        hub: s.hub,
        catalog: s.catalog,
        limits: ctx.config.realtime,
        replicationReady: () => replicationReady(s.replication),
      },
    );
    s.connections.add(connection);
    ws.on('close', () => s.connections.delete(connection));
  });
}

/**
 * supabase_realtime, plus realtime.messages' publication when the cluster has it (clusters
 * bootstrapped before it existed would make pgoutput fail on a missing publication).
 */
async function publications(ctx: GatewayContext): Promise<string> {
  try {
    const { rows } = await ctx.pools.api.query<{ pubname: string }>(
      'select pubname from pg_catalog.pg_publication where pubname = $1',
      [MESSAGES_PUBLICATION],
    );
    return rows.length > 0 ? `${PUBLICATION},${MESSAGES_PUBLICATION}` : PUBLICATION;
  } catch {
    return PUBLICATION;
  }
}

async function start(ctx: GatewayContext): Promise<void> {
  const hub = new Hub();
  const dbBroadcast = new DatabaseBroadcast(hub, ctx.log);
  const catalog = new Catalog(ctx.pools.api);
  const searchPath = [...new Set(['public', ...ctx.config.api.extraSearchPath])];
  const feed = new ChangeFeed(hub, catalog, ctx.pools.api, ctx.roleSettings, searchPath, ctx.log);
  const replication = new ReplicationStream({
    socketDir: ctx.paths.socketDir,
    port: ctx.config.db.port,
    user: REPLICATION_USER,
    database: 'postgres',
    publication: await publications(ctx),
    log: ctx.log,
    onMessage: (message) => {
      dbBroadcast.onMessage(message);
      feed.onMessage(message);
    },
  });
  // Frames above the payload cap still get an error reply; only far larger ones close the socket.
  const wss = new WebSocketServer({
    noServer: true,
    maxPayload: Math.max(1024 * 1024, ctx.config.realtime.maxPayloadBytes * 4),
    perMessageDeflate: false,
  });
  const connections = new Set<RealtimeConnection>();
  const sweep = setInterval(() => {
    const now = Date.now();
    for (const connection of connections) {
      if (now - connection.lastSeen > IDLE_TIMEOUT_MS) {
        connection.closeWith(1000, 'heartbeat timeout');
        setTimeout(() => connection.terminate(), 5_000).unref();
      }
    }
  }, SWEEP_INTERVAL_MS);
  sweep.unref();
  state = { ctx, hub, catalog, feed, replication, wss, connections, sweep };
  replication.start();
}

async function stop(): Promise<void> {
  const s = state;
  if (!s) return;
  state = undefined;
  clearInterval(s.sweep);
  for (const connection of s.connections) connection.closeWith(1001, 'server shutting down');
  await s.replication.stop();
  setTimeout(() => {
    for (const connection of s.connections) connection.terminate();
  }, 1_000).unref();
  s.wss.close();
}

export const realtimeService: Service = {
  name: 'realtime',
  prefix: '/realtime/v1',
  // The WebSocket checks its own key (with Realtime's error bodies); the REST API goes through Kong's.
  requiresApiKey: (path) => path.startsWith('/api/'),
  handle: async (req, res, ctx, route) => {
    const s = state;
    if (!s) return sendJson(res, 503, { error: 'Realtime is not running' });
    if (route.path.startsWith('/api/broadcast')) {
      return handleRestBroadcast(req, res, ctx, route, s.hub, ctx.config.realtime.maxPayloadBytes);
    }
    if (route.path === '/websocket' || route.path === '/websocket/') {
      return sendJson(res, 400, { error: 'Expected a WebSocket upgrade' });
    }
    return sendJson(res, 404, { message: 'no Route matched with those values' });
  },
  upgrade,
  start,
  stop,
  health: async () => {
    const s = state;
    if (!s) return { healthy: false, detail: 'not started' };
    const { replication, connections, hub } = s;
    if (!replication.connected) {
      return {
        healthy: false,
        detail: `replication stream not connected${replication.lastError ? `: ${replication.lastError}` : ''}`,
      };
    }
    return {
      healthy: true,
      detail: `slot ${replication.slotName} at ${replication.position}; ${connections.size} sockets, ${hub.channelCount} channels`,
    };
  },
};
