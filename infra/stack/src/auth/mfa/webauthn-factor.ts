/**
 * WebAuthn MFA factors (GoTrue's mfa.go challengeWebAuthnFactor / verifyWebAuthnFactor): the
 * challenge of an unverified factor is a registration ceremony ("create"), of a verified one a
 * sign-in ceremony ("request") limited to the user's WebAuthn factor credentials; the options go
 * out as `credential_options: { publicKey }` (a CredentialCreation / CredentialAssertion). The
 * relying party is `[auth.webauthn]`, as GoTrue's getWebAuthnMFA takes it from its configuration.
 * The ceremony's challenge is kept in auth.mfa_challenges.web_authn_session_data; the verified
 * credential in auth.mfa_factors.web_authn_credential.
 *
 * One difference: a credential response that fails verification answers 422
 * mfa_verification_failed, where GoTrue answers 500 (supabase-js would retry a 5xx as a
 * network failure, and a refused key is the client's error, not the server's).
 */
import type { WebAuthnSettings } from '../../config/webauthn-config.js';
import type { Db } from '../db.js';
import { badRequest, unprocessable } from '../errors.js';
import {
  authenticationOptions,
  registrationOptions,
  verifyAssertion,
  verifyRegistration,
  type StoredCredential,
} from '../passkey/ceremony.js';
import type { ChallengeSession } from '../passkey/passkey-store.js';
import type { JsonObject } from '../request-body.js';
import type { UserRow } from '../user-json.js';
import type { FactorRow } from './factor-json.js';

interface StoredJson {
  id: string;
  public_key: string;
  sign_count: number;
  transports: string[];
}

const fromJson = (c: StoredJson): StoredCredential => ({
  credentialId: Buffer.from(c.id, 'base64url'),
  publicKey: Buffer.from(c.public_key, 'base64url'),
  signCount: c.sign_count,
  transports: c.transports,
});

/** The credentials of the user's verified WebAuthn factors, by factor id. */
async function factorCredentials(db: Db, userId: string): Promise<Map<string, StoredCredential>> {
  const { rows } = await db.query<{ id: string; web_authn_credential: StoredJson }>(
    `select id, web_authn_credential from auth.mfa_factors
      where user_id = $1 and factor_type = 'webauthn' and status = 'verified' and web_authn_credential is not null`,
    [userId],
  );
  return new Map(rows.map((r) => [r.id, fromJson(r.web_authn_credential)]));
}

export interface WebAuthnChallenge {
  kind: 'create' | 'request';
  options: unknown;
  session: ChallengeSession;
}

export async function webAuthnChallenge(
  db: Db,
  rp: WebAuthnSettings,
  user: UserRow,
  factor: FactorRow,
): Promise<WebAuthnChallenge> {
  const credentials = await factorCredentials(db, user.id);
  if (factor.status !== 'verified') {
    const name = user.email || user.phone || '';
    const { options, session } = await registrationOptions(
      rp,
      { id: user.id, name, displayName: name },
      [...credentials.values()],
      'preferred',
    );
    return { kind: 'create', options, session };
  }
  const own = credentials.get(factor.id);
  const { options, session } = await authenticationOptions(rp, own ? [own] : []);
  return { kind: 'request', options, session };
}

export async function challengeSession(db: Db, challengeId: string): Promise<ChallengeSession | null> {
  const { rows } = await db.query<{ web_authn_session_data: ChallengeSession | null }>(
    `select web_authn_session_data from auth.mfa_challenges where id = $1`,
    [challengeId],
  );
  return rows[0]?.web_authn_session_data ?? null;
}

export async function storeChallengeSession(
  db: Db,
  challengeId: string,
  session: ChallengeSession,
): Promise<void> {
  await db.query(`update auth.mfa_challenges set web_authn_session_data = $2::jsonb where id = $1`, [
    challengeId,
    JSON.stringify(session),
  ]);
}

/** The `webauthn` object of a verify body, checked as GoTrue checks it. */
export function webAuthnVerifyParams(body: JsonObject): { kind: 'create' | 'request'; response: unknown } {
  const params = body.webauthn;
  if (params === undefined || params === null || typeof params !== 'object')
    throw badRequest('validation_failed', 'WebAuthn config required');
  const { type, credential_response: response } = params as { type?: unknown; credential_response?: unknown };
  if (type !== 'create' && type !== 'request')
    throw badRequest('validation_failed', 'WebAuthn type must be create or request');
  if (response === undefined || response === null)
    throw badRequest('validation_failed', 'credential_response required');
  return { kind: type, response };
}

const refused = () => unprocessable('mfa_verification_failed', 'WebAuthn credential verification failed');

/**
 * Verifies the ceremony against the challenge's session; for "create" stores the credential on
 * the factor, for "request" moves its signature count on.
 */
export async function verifyWebAuthnCeremony(
  db: Db,
  rp: WebAuthnSettings,
  factor: FactorRow,
  session: ChallengeSession | null,
  params: { kind: 'create' | 'request'; response: unknown },
): Promise<void> {
  if (!session || (params.kind === 'create') !== (factor.status !== 'verified')) throw refused();
  if (params.kind === 'create') {
    const created = await verifyRegistration(rp, session, params.response).catch(() => {
      throw refused();
    });
    const stored: StoredJson = {
      id: created.credentialId.toString('base64url'),
      public_key: created.publicKey.toString('base64url'),
      sign_count: created.signCount,
      transports: created.transports,
    };
    await db.query(
      `update auth.mfa_factors set web_authn_credential = $2::jsonb, web_authn_aaguid = $3, updated_at = now() where id = $1`,
      [factor.id, JSON.stringify(stored), created.aaguid],
    );
    return;
  }
  const { rows } = await db.query<{ web_authn_credential: StoredJson | null }>(
    `select web_authn_credential from auth.mfa_factors where id = $1`,
    [factor.id],
  );
  const stored = rows[0]?.web_authn_credential;
  if (!stored) throw refused();
  const counter = await verifyAssertion(rp, session, params.response, fromJson(stored)).catch(() => {
    throw refused();
  });
  await db.query(
    `update auth.mfa_factors set web_authn_credential = jsonb_set(web_authn_credential, '{sign_count}', to_jsonb($2::bigint)), updated_at = now() where id = $1`,
    [factor.id, counter],
  );
}
