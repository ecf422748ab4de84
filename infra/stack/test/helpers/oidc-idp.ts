/**
 * A real OpenID Connect provider for the SSO tests (the `oidc-provider` package, certified by the
 * OpenID Foundation), on a loopback port: one confidential client, accounts whose ID tokens carry
 * the claims given (groups included), consent taken as given. Its development login form is
 * driven here over HTTP with a cookie jar, as a browser would submit it.
 */
import type { AddressInfo } from 'node:net';
import { createServer, type Server } from 'node:http';
import Provider from 'oidc-provider';

export interface TestIdp {
  issuer: string;
  close(): Promise<void>;
}

export interface IdpOptions {
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  /** Account id (what is typed as the login) to ID-token claims. */
  accounts: Record<string, Record<string, unknown>>;
  port?: number;
}

export async function startIdp(options: IdpOptions): Promise<TestIdp> {
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        redirect_uris: options.redirectUris,
        grant_types: ['authorization_code'],
        response_types: ['code'],
      },
    ],
    cookies: { keys: ['sso-test-cookie-key'] },
    claims: {
      openid: ['sub'],
      email: ['email', 'email_verified'],
      profile: ['name', 'preferred_username'],
      groups: ['groups'],
    },
    // The scopes' claims in the ID token itself, not only at the userinfo endpoint.
    conformIdTokenClaims: false,
    async findAccount(_ctx, id) {
      const claims = options.accounts[id];
      if (!claims) return undefined;
      return { accountId: id, claims: async () => ({ sub: id, ...claims }) };
    },
    async loadExistingGrant(ctx) {
      const { client, session } = ctx.oidc;
      if (!client || !session?.accountId) return undefined;
      const grant = new ctx.oidc.provider.Grant({ clientId: client.clientId, accountId: session.accountId });
      grant.addOIDCScope('openid email profile groups');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());
  return {
    issuer,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

/** Follows the provider's redirects and submits its login form as `login`; returns the URL it sends the browser back to. */
export async function signInAtIdp(authorizeUrl: string, login: string): Promise<URL> {
  const jar = new Map<string, string>();
  const origin = new URL(authorizeUrl).origin;
  const request = async (url: string, init: RequestInit = {}): Promise<Response> => {
    const headers = new Headers(init.headers);
    headers.set('cookie', [...jar].map(([k, v]) => `${k}=${v}`).join('; '));
    const response = await fetch(url, { ...init, headers, redirect: 'manual' });
    for (const cookie of response.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const eq = pair!.indexOf('=');
      jar.set(pair!.slice(0, eq), pair!.slice(eq + 1));
    }
    return response;
  };
  let url = authorizeUrl;
  for (let hop = 0; hop < 10; hop++) {
    const response = await request(url);
    const location = response.headers.get('location');
    if (location) {
      const next = new URL(location, url);
      if (next.origin !== origin) return next;
      url = next.href;
      continue;
    }
    const html = await response.text();
    const action = /<form[^>]*action="([^"]+)"/.exec(html)?.[1];
    if (!action)
      throw new Error(
        `the identity provider answered ${response.status} without a form: ${html.slice(0, 300)}`,
      );
    const submitted = await request(new URL(action, url).href, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ prompt: 'login', login, password: 'any' }).toString(),
    });
    url = new URL(submitted.headers.get('location')!, url).href;
  }
  throw new Error('the identity provider never sent the browser back');
}
