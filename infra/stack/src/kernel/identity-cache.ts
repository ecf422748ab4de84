/**
 * Verified identities, cached by the exact credentials that produced them (as PostgREST caches
 * decoded JWTs): verifying an HS256 token with WebCrypto on every request costs more than the
 * query. Entries never outlive the token's `exp` (plus the verifier's clock skew) or MAX_AGE, and
 * failures are never cached, so an expired or forged token is always re-checked and refused.
 * Each entry also keeps the identity's part of the request prologue (role and quoted claims), so
 * it is built once per identity rather than once per request.
 */
import type { IncomingMessage } from 'node:http';
import type { StackSecrets } from '../config/secrets.js';
import type { ApiKey } from './api-keys.js';
import { roleClaimsSql } from './db.js';
import { resolveIdentity, type RequestIdentity } from './request-identity.js';

const MAX_ENTRIES = 1000;
const MAX_AGE_MS = 5 * 60_000;
const CLOCK_SKEW_MS = 30_000;

/** A verified identity with its prologue settings (`roleClaimsSql` of its role and claims). */
export interface RestIdentity extends RequestIdentity {
  /** Absent when the claims cannot be quoted: the request then fails where it always did (22021). */
  roleClaimsSql?: string;
}

function withPrologue(identity: RequestIdentity): RestIdentity {
  try {
    return { ...identity, roleClaimsSql: roleClaimsSql(identity.role, identity.claims) };
  } catch {
    return identity;
  }
}

interface Entry {
  identity: RestIdentity;
  expiresAt: number;
}

export class IdentityCache {
  private entries = new Map<string, Entry>();

  async resolve(
    req: IncomingMessage,
    secrets: StackSecrets,
    apiKey: ApiKey | undefined,
  ): Promise<RestIdentity> {
    const key = `${req.headers.authorization ?? ''}\n${apiKey?.value ?? ''}`;
    const now = Date.now();
    const cached = this.entries.get(key);
    if (cached && cached.expiresAt > now) return cached.identity;
    if (cached) this.entries.delete(key);
    const identity = withPrologue(await resolveIdentity(req, secrets, apiKey));
    const exp =
      typeof identity.claims.exp === 'number' ? identity.claims.exp * 1000 + CLOCK_SKEW_MS : Infinity;
    const expiresAt = Math.min(exp, now + MAX_AGE_MS);
    if (expiresAt > now) {
      if (this.entries.size >= MAX_ENTRIES) this.entries.delete(this.entries.keys().next().value!);
      this.entries.set(key, { identity, expiresAt });
    }
    return identity;
  }
}
