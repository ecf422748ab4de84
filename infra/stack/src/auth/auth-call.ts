/** What every auth handler receives: the request, the gateway context and the caller's address. */
import { isIP } from 'node:net';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayContext, ServiceRoute } from '../kernel/context.js';
import { clientAddress } from '../kernel/client-address.js';

export interface AuthCall {
  req: IncomingMessage;
  res: ServerResponse;
  ctx: GatewayContext;
  route: ServiceRoute;
  /** Client address (behind a trusted proxy, the forwarded client's): rate-limit key and audit ip_address. */
  ip: string;
  /** The address as stored in auth.sessions.ip (inet), or null when it is not an IP. */
  sessionIp: string | null;
  userAgent: string | null;
  /** `iss` of the access tokens: `<API_URL>/auth/v1`, as the CLI configures GoTrue. */
  issuer: string;
}

export type AuthHandler = (call: AuthCall) => Promise<void>;

export function makeAuthCall(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: GatewayContext,
  route: ServiceRoute,
): AuthCall {
  const ip = clientAddress(req, ctx.config.stack.webTrustedProxies);
  const userAgent = req.headers['user-agent'];
  return {
    req,
    res,
    ctx,
    route,
    ip,
    sessionIp: isIP(ip) ? ip : null,
    userAgent: userAgent === undefined || userAgent === '' ? null : userAgent,
    issuer: `${ctx.apiUrl}/auth/v1`,
  };
}
