// TAXII 2.1 server: authentication, content negotiation and routing. Clients sign in with HTTP
// Basic (user name = API key id or the owner's e-mail, password = the key's secret) or a bearer
// JWT; the store then runs every query as that user. Failures are TAXII error resources (§3.6.1),
// never stack traces.
import { checkAccept, errorResponse, TaxiiError } from './protocol.ts';
import { routeRequest } from './resources.ts';
import type { Claims, TaxiiStore } from './store.ts';

export const API_ROOT = 'cti';

export interface HandlerDeps {
  store: TaxiiStore;
  /** Public URL of this function, e.g. http://127.0.0.1:54321/functions/v1/taxii */
  baseUrl: string;
  log?: (message: string, fields: Record<string, unknown>) => void;
}

const CHALLENGE = { 'WWW-Authenticate': 'Basic realm="TAXII", charset="UTF-8"' };

function unauthorized(description: string): TaxiiError {
  return new TaxiiError(401, 'Unauthorized', description, CHALLENGE);
}

function decodeBasic(value: string): { username: string; secret: string } | null {
  try {
    const text = new TextDecoder().decode(Uint8Array.from(atob(value), (c) => c.charCodeAt(0)));
    const colon = text.indexOf(':');
    return colon < 0 ? null : { username: text.slice(0, colon), secret: text.slice(colon + 1) };
  } catch {
    return null;
  }
}

export async function authenticate(store: TaxiiStore, authorization: string | null): Promise<Claims> {
  if (!authorization)
    throw unauthorized('Sign in with HTTP Basic (API key id and secret) or a bearer token.');
  const [scheme, value = ''] = authorization.trim().split(/\s+/, 2);
  if (/^basic$/i.test(scheme!)) {
    const credential = decodeBasic(value);
    const userId = credential && (await store.authenticateKey(credential.username, credential.secret));
    if (!userId) throw unauthorized('The API key is unknown, revoked, or does not belong to that user name.');
    return { sub: userId, role: 'authenticated', aud: 'authenticated' };
  }
  if (/^bearer$/i.test(scheme!)) {
    const claims = await store.authenticateJwt(value);
    if (!claims) throw unauthorized('The bearer token is not valid or has expired.');
    return claims;
  }
  throw unauthorized('Use HTTP Basic or Bearer authentication.');
}

/** The path below the function name: `/taxii/cti/collections/` → ['cti', 'collections']. */
export function pathSegments(url: URL): string[] {
  const parts = url.pathname.split('/').filter((p) => p !== '');
  const at = parts.indexOf('taxii');
  return (at >= 0 ? parts.slice(at + 1) : parts).map((p) => decodeURIComponent(p));
}

export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    try {
      const url = new URL(req.url);
      const segments = pathSegments(url);
      const known = segments[0] === 'taxii2' || segments[0] === API_ROOT;
      if (!known) throw new TaxiiError(404, 'Not Found', 'No TAXII resource at this address.');
      if (!['GET', 'POST', 'DELETE'].includes(req.method)) {
        throw new TaxiiError(405, 'Method Not Allowed', `${req.method} is not supported here.`, {
          Allow: 'GET, POST, DELETE',
        });
      }
      checkAccept(req.headers.get('accept'));
      const claims = await authenticate(deps.store, req.headers.get('authorization'));
      return await routeRequest({ req, url, segments, claims, store: deps.store, baseUrl: deps.baseUrl });
    } catch (error) {
      if (error instanceof TaxiiError) return errorResponse(error);
      deps.log?.('taxii request failed', { error: String((error as Error)?.message ?? error) });
      return errorResponse(
        new TaxiiError(500, 'Internal Server Error', 'The request could not be completed; try again later.'),
      );
    }
  };
}
