/** Everything a service handler needs, built once when the gateway starts. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import type { ProjectConfig } from '../config/project-config.js';
import type { StackSecrets } from '../config/secrets.js';
import type { StatePaths } from '../config/state.js';
import type { ApiKey } from './api-keys.js';
import type { Pools, RoleSettings } from './db.js';
import type { Logger } from './logger.js';

export interface GatewayContext {
  config: ProjectConfig;
  secrets: StackSecrets;
  paths: StatePaths;
  pools: Pools;
  roleSettings: RoleSettings;
  log: Logger;
  /** Public base URL of the gateway, e.g. http://127.0.0.1:54321 (used for JWT `iss`). */
  apiUrl: string;
}

export interface ServiceRoute {
  /** Path below the service prefix, starting with '/', percent-decoding left to the service. */
  path: string;
  url: URL;
  /** The checked API key, when the request carried a known one. */
  apiKey?: ApiKey;
}

export type ServiceHandler = (
  req: IncomingMessage,
  res: ServerResponse,
  ctx: GatewayContext,
  route: ServiceRoute,
) => Promise<void>;

/** Takes over an HTTP upgrade (WebSocket) request; the service owns the socket from then on. */
export type UpgradeHandler = (
  req: IncomingMessage,
  socket: Duplex,
  head: Buffer,
  ctx: GatewayContext,
  route: ServiceRoute,
) => void | Promise<void>;

/** What `stack status` shows for one part of the stack. */
export interface ServiceHealth {
  healthy: boolean;
  /** A short plain-words reason when unhealthy, or a useful fact when healthy. */
  detail?: string;
}

/** A service that needs start-up work (schema cache, listeners) and clean shutdown. */
export interface Service {
  /** Short name shown by `stack status` (auth, rest, realtime, storage, functions). */
  name: string;
  prefix: string;
  handle: ServiceHandler;
  /** WebSocket upgrades below the prefix; without it upgrades answer 404. */
  upgrade?: UpgradeHandler;
  /** Cheap self-check for `/__stack/health`; a service without one counts as healthy when started. */
  health?: () => Promise<ServiceHealth>;
  /** Whether the gateway demands a known API key before handing the request over. */
  requiresApiKey: (path: string) => boolean;
  /**
   * CORS preflights from allowed origins go to the service instead of being answered at the edge
   * (edge functions answer their own, as on hosted Supabase).
   */
  answersOwnPreflights?: boolean;
  start?: (ctx: GatewayContext) => Promise<void>;
  stop?: () => Promise<void>;
}
