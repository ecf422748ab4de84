/** Everything a service handler needs, built once when the gateway starts. */
import type { IncomingMessage, ServerResponse } from 'node:http';
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

/** A service that needs start-up work (schema cache, listeners) and clean shutdown. */
export interface Service {
  prefix: string;
  handle: ServiceHandler;
  /** Whether the gateway demands a known API key before handing the request over. */
  requiresApiKey: (path: string) => boolean;
  start?: (ctx: GatewayContext) => Promise<void>;
  stop?: () => Promise<void>;
}
