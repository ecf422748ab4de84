/** Everything about one REST request that the handlers share, parsed once. */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayContext } from '../../kernel/context.js';
import type { QueryPair } from '../query-params/form-query.js';
import type { OutputFormat, PlanRequest } from '../request/media-type.js';
import type { RestIdentity } from '../../kernel/identity-cache.js';
import type { Preferences } from '../request/prefer.js';
import type { SchemaChoice } from '../request/profile.js';
import type { RestSettings } from '../schema-cache/db-settings.js';
import type { SchemaCache } from '../schema-cache/types.js';
import type { PreparedCache } from './prepared-cache.js';
import type { PreparedRead } from './read.js';
import type { PreparedRpc } from './rpc.js';

/** What the prepared cache holds: reads by request shape, function calls by call shape. */
export type PreparedShape = PreparedRead | PreparedRpc;

export interface RestRequest {
  req: IncomingMessage;
  res: ServerResponse;
  ctx: GatewayContext;
  method: string;
  /** Path below /rest/v1, e.g. `/todos` or `/rpc/fn`, as PostgREST puts it in `request.path`. */
  path: string;
  schema: SchemaChoice;
  prefs: Preferences;
  /** The raw query string (without `apikey`), part of a prepared read's key. */
  search: string;
  pairs: QueryPair[];
  /** The negotiated output format (`Accept`). */
  format: OutputFormat;
  /** `explain()`: answer with the plan of the statement that would produce `format`. */
  plan?: PlanRequest;
  identity: RestIdentity;
  cache: SchemaCache;
  /** PostgREST's settings: config.toml overridden by `pgrst.*` role settings, loaded with the cache. */
  settings: RestSettings;
  prepared: PreparedCache<PreparedShape>;
}

/** PostgREST's rule for 42501: 403 when the role is not the anonymous one, else 401. */
export function isAuthenticated(r: RestRequest): boolean {
  return r.identity.role !== 'anon';
}
