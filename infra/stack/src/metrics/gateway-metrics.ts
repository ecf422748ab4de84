/**
 * `/metrics` of the gateway in Prometheus text format (prom-client): requests, latency and 5xx
 * errors per service, database pool use, open WebSocket connections (realtime), the process's own
 * memory and event-loop lag, and import runs read from the database when the project has them.
 *
 * Protected by the service-role or secret key (`Authorization: Bearer …` or `apikey`), like any
 * admin API: the gateway listens on 127.0.0.1 only, but behind a TLS proxy every request arrives
 * from loopback, so "loopback only" would protect nothing. Prometheus sends the key with
 * `authorization: { credentials_file: … }`; the proxy configuration also refuses /metrics from
 * outside.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import client from 'prom-client';
import type { StackSecrets } from '../config/secrets.js';
import { identifyApiKey } from '../kernel/api-keys.js';
import type { Pools } from '../kernel/db.js';
import { importRunMetrics } from './import-runs.js';

export interface GatewayMetrics {
  /** Counts and times one request; `service` is set once routing knows it. */
  track(req: IncomingMessage, res: ServerResponse): void;
  label(res: ServerResponse, service: string): void;
  /** An upgraded (WebSocket) socket of `service`, counted until it closes. */
  socketOpened(service: string, socket: { once(event: 'close', listener: () => void): unknown }): void;
  /** Answers GET /metrics (401 without the service key). */
  serve(req: IncomingMessage, res: ServerResponse): Promise<void>;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30];

function serviceKey(req: IncomingMessage, secrets: StackSecrets): boolean {
  const auth = req.headers.authorization;
  const bearer = auth?.startsWith('Bearer ') ? auth.slice(7) : undefined;
  const header = Array.isArray(req.headers.apikey) ? req.headers.apikey[0] : req.headers.apikey;
  return [bearer, header].some(
    (value) => value !== undefined && identifyApiKey(value, secrets)?.role === 'service_role',
  );
}

export function createGatewayMetrics(
  secrets: StackSecrets,
  pools: Pools,
  importRunsUrl: string | undefined,
  /** More collectors on the same registry (the standby's replication lag, src/ha). */
  extra?: (registry: client.Registry) => void,
): GatewayMetrics {
  const registry = new client.Registry();
  client.collectDefaultMetrics({ register: registry, prefix: 'cti_gateway_' });
  const requests = new client.Counter({
    name: 'cti_http_requests_total',
    help: 'HTTP requests answered by the gateway, by service, method and status code.',
    labelNames: ['service', 'method', 'status'] as const,
    registers: [registry],
  });
  const errors = new client.Counter({
    name: 'cti_http_errors_total',
    help: 'HTTP requests answered with a 5xx status, by service.',
    labelNames: ['service'] as const,
    registers: [registry],
  });
  const latency = new client.Histogram({
    name: 'cti_http_request_duration_seconds',
    help: 'Time from request to the end of the response, by service.',
    labelNames: ['service'] as const,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  const sockets = new client.Gauge({
    name: 'cti_websocket_connections',
    help: 'Open WebSocket connections, by service (realtime).',
    labelNames: ['service'] as const,
    registers: [registry],
  });
  new client.Gauge({
    name: 'cti_db_pool_connections',
    help: 'Database pool connections of the gateway, by pool and state (total, idle, waiting requests).',
    labelNames: ['pool', 'state'] as const,
    registers: [registry],
    collect() {
      for (const [name, pool] of Object.entries(pools)) {
        this.set({ pool: name, state: 'total' }, pool.totalCount);
        this.set({ pool: name, state: 'idle' }, pool.idleCount);
        this.set({ pool: name, state: 'waiting' }, pool.waitingCount);
      }
    },
  });
  const imports = importRunsUrl ? importRunMetrics(registry, importRunsUrl) : undefined;
  extra?.(registry);
  const services = new WeakMap<ServerResponse, string>();

  return {
    track(req, res) {
      const started = process.hrtime.bigint();
      res.once('finish', () => {
        const service = services.get(res) ?? 'gateway';
        const seconds = Number(process.hrtime.bigint() - started) / 1e9;
        requests.inc({ service, method: req.method ?? 'GET', status: String(res.statusCode) });
        latency.observe({ service }, seconds);
        if (res.statusCode >= 500) errors.inc({ service });
      });
    },
    label(res, service) {
      services.set(res, service);
    },
    socketOpened(service, socket) {
      sockets.inc({ service });
      socket.once('close', () => sockets.dec({ service }));
    },
    async serve(req, res) {
      if (!serviceKey(req, secrets)) {
        res.writeHead(401, { 'Content-Type': 'application/json' });
        res.end(JSON.stringify({ message: 'metrics need the service_role key' }));
        return;
      }
      await imports?.refresh();
      const text = await registry.metrics();
      res.writeHead(200, { 'Content-Type': registry.contentType, 'Cache-Control': 'no-store' });
      res.end(text);
    },
  };
}
