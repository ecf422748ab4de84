/**
 * Whom the gateway's request limit counts against. Every local client shares 127.0.0.1, so a
 * signed-in user is counted by their verified user id, and everything else by address. An
 * unverifiable token counts against the address: rotating forged tokens buys nothing. Behind a
 * trusted proxy the address is the forwarded client's.
 */
import type { IncomingMessage } from 'node:http';
import { clientAddress } from '../kernel/http.js';
import { verifyJwt } from '../kernel/jwt.js';

const MAX_CACHED_TOKENS = 10_000;

export class RateKeyResolver {
  private readonly subjects = new Map<string, { sub: string; exp: number }>();

  constructor(
    private readonly jwtSecret: string,
    private readonly trustedProxies: readonly string[] = [],
  ) {}

  async keyFor(req: IncomingMessage): Promise<string> {
    const sub = await this.verifiedSubject(bearerToken(req));
    return sub ? `user:${sub}` : `ip:${clientAddress(req, this.trustedProxies)}`;
  }

  private async verifiedSubject(token: string | undefined): Promise<string | undefined> {
    if (!token || token.startsWith('sb_')) return undefined;
    const now = Date.now() / 1000;
    const cached = this.subjects.get(token);
    if (cached) return cached.exp > now ? cached.sub : undefined;
    try {
      const claims = await verifyJwt(token, this.jwtSecret);
      if (typeof claims.sub !== 'string' || claims.role !== 'authenticated') return undefined;
      if (this.subjects.size >= MAX_CACHED_TOKENS) this.subjects.clear();
      this.subjects.set(token, { sub: claims.sub, exp: Number(claims.exp ?? now + 60) });
      return claims.sub;
    } catch {
      return undefined;
    }
  }
}

function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  const match = header ? /^bearer\s+(.+)$/i.exec(header) : null;
  return match?.[1]?.trim();
}
