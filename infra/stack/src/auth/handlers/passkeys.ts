/**
 * GoTrue's passkey API (internal/api/passkey_registration.go, passkey_authentication.go,
 * passkey_manage.go): a signed-in user registers passkeys (POST /passkeys/registration/options,
 * then /verify with the authenticator's answer), lists, renames and deletes them; anyone signs in
 * with one (POST /passkeys/authentication/options, then /verify: a session as a password sign-in
 * gives). Every route answers 404 passkey_disabled unless `[auth.passkey] enabled`.
 */
import { sendJson } from '../../kernel/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { requireUser, type Authenticated } from '../authenticate.js';
import { withTransaction } from '../db.js';
import { RateLimiter } from '../../kernel/rate-limit.js';
import { AuthApiError, badRequest, forbidden, notFound, unprocessable } from '../errors.js';
import { issueSession } from '../issue-session.js';
import { listFactors } from '../mfa/factor-store.js';
import {
  assertionIds,
  authenticationOptions,
  registrationOptions,
  storedPasskey,
  verificationFailed,
  verifyAssertion,
  verifyRegistration,
} from '../passkey/ceremony.js';
import {
  consumeChallenge,
  deletePasskey,
  ensurePasskeyTables,
  findPasskey,
  findPasskeyByCredentialId,
  insertChallenge,
  insertPasskey,
  listPasskeys,
  markPasskeyUsed,
  passkeyJson,
  renamePasskey,
  type ChallengeSession,
  type ChallengeType,
} from '../passkey/passkey-store.js';
import { AUTH_RATE_WINDOW_MS } from '../rate-limits.js';
import { readJsonObject, stringOrEmpty, type JsonObject } from '../request-body.js';
import { isBanned, isConfirmed } from '../user-json.js';
import { findUserRowById } from '../user-store.js';
import { isUuid } from '../validation.js';
import { webAuthnSettings } from './webauthn-settings.js';

/** requirePasskeyEnabled, and the tables ready. */
export async function passkeysOn(call: AuthCall): Promise<void> {
  if (!webAuthnSettings(call).passkey.enabled) throw notFound('passkey_disabled', 'Passkeys are disabled');
  await ensurePasskeyTables(call.ctx.pools.auth);
}

/** requirePasskeyManagementAAL: with a verified MFA factor, only an aal2 session manages passkeys. */
async function requireManagementAal(call: AuthCall, caller: Authenticated): Promise<void> {
  const factors = await listFactors(call.ctx.pools.auth, caller.user.row.id);
  if (factors.some((f) => f.status === 'verified') && caller.session?.aal !== 'aal2')
    throw forbidden('insufficient_aal', 'AAL2 session is required to manage passkeys when MFA is enabled');
}

async function registrant(call: AuthCall): Promise<Authenticated> {
  await passkeysOn(call);
  const caller = await requireUser(call);
  if (caller.claims.is_anonymous === true)
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  if (caller.user.row.is_sso_user)
    throw unprocessable('validation_failed', 'SSO users cannot register passkeys');
  await requireManagementAal(call, caller);
  return caller;
}

/** challenge_id and credential of a /verify body, checked as GoTrue checks them. */
async function ceremonyBody(call: AuthCall): Promise<{ challengeId: string; credential: JsonObject }> {
  const body = await readJsonObject(call.req, call.ctx.config.stack.maxBodyBytes);
  const challengeId = stringOrEmpty(body, 'challenge_id');
  if (challengeId === '') throw badRequest('validation_failed', 'challenge_id is required');
  const credential = body.credential;
  if (credential === undefined || credential === null)
    throw badRequest('validation_failed', 'credential is required');
  if (!isUuid(challengeId)) throw badRequest('validation_failed', 'challenge_id must be a valid UUID');
  if (typeof credential !== 'object' || Array.isArray(credential))
    throw badRequest('webauthn_verification_failed', 'Invalid credential response');
  return { challengeId, credential: credential as JsonObject };
}

/** Stores the ceremony's challenge and answers GoTrue's `{challenge_id, options, expires_at}`. */
async function openCeremony(
  call: AuthCall,
  type: ChallengeType,
  userId: string | null,
  session: ChallengeSession,
  options: unknown,
): Promise<void> {
  const expiry = webAuthnSettings(call).webauthn.challengeExpirySeconds;
  const challenge = await insertChallenge(call.ctx.pools.auth, type, userId, session, expiry);
  sendJson(call.res, 200, {
    challenge_id: challenge.id,
    options,
    expires_at: Math.floor(challenge.expiresAt.getTime() / 1000),
  });
}

async function consume(
  call: AuthCall,
  challengeId: string,
  type: ChallengeType,
  userId: string | null,
): Promise<ChallengeSession> {
  const found = await consumeChallenge(call.ctx.pools.auth, challengeId, type, userId);
  if (!found) throw badRequest('webauthn_challenge_not_found', 'Challenge not found or already used');
  if (found.expired) throw badRequest('webauthn_challenge_expired', 'Challenge has expired');
  return found.session;
}

export async function passkeyRegistrationOptions(call: AuthCall): Promise<void> {
  const { user } = await registrant(call);
  const settings = webAuthnSettings(call);
  const pool = call.ctx.pools.auth;
  const existing = await listPasskeys(pool, user.row.id);
  if (existing.length >= settings.passkey.maxPerUser)
    throw unprocessable('too_many_passkeys', 'Maximum number of passkeys reached');
  const name = user.row.email || user.row.phone || '';
  const metaName = user.row.raw_user_meta_data?.name;
  const { options, session } = await registrationOptions(
    settings.webauthn,
    { id: user.row.id, name, displayName: typeof metaName === 'string' && metaName !== '' ? metaName : name },
    existing.map(storedPasskey),
  );
  await openCeremony(call, 'registration', user.row.id, session, options);
}

export async function passkeyRegistrationVerify(call: AuthCall): Promise<void> {
  const { user } = await registrant(call);
  const settings = webAuthnSettings(call);
  const { challengeId, credential } = await ceremonyBody(call);
  const session = await consume(call, challengeId, 'registration', user.row.id);
  const verified = await verifyRegistration(settings.webauthn, session, credential);
  const created = await withTransaction(call.ctx.pools.auth, async (client) => {
    // The user's row lock keeps two registrations from both passing the count.
    await client.query('select 1 from auth.users where id = $1 for update', [user.row.id]);
    if ((await listPasskeys(client, user.row.id)).length >= settings.passkey.maxPerUser)
      throw unprocessable('too_many_passkeys', 'Maximum number of passkeys reached');
    // GoTrue names a passkey after its authenticator's AAGUID when known; ours: "Passkey".
    const row = await insertPasskey(client, { ...verified, userId: user.row.id, friendlyName: 'Passkey' });
    if (!row) throw unprocessable('webauthn_credential_exists', 'This credential is already registered');
    await writeAudit(client, actorFromUser(user.row), 'passkey_created', call.ip, { passkey_id: row.id });
    return row;
  });
  sendJson(call.res, 200, {
    id: created.id,
    friendly_name: created.friendly_name,
    created_at: created.created_at.toISOString(),
  });
}

/** GoTrue's GOTRUE_RATE_LIMIT_PASSKEY: 30 sign-in ceremonies per 5 minutes per address. */
const PASSKEY_SIGN_INS_PER_WINDOW = 30;
const signInLimiters = new WeakMap<AuthCall['ctx'], RateLimiter>();

function takePasskeyBudget(call: AuthCall): void {
  let limiter = signInLimiters.get(call.ctx);
  if (!limiter) {
    limiter = new RateLimiter(PASSKEY_SIGN_INS_PER_WINDOW, AUTH_RATE_WINDOW_MS);
    signInLimiters.set(call.ctx, limiter);
  }
  if (!limiter.take(call.ip))
    throw new AuthApiError(429, 'over_request_rate_limit', 'Request rate limit reached');
}

export async function passkeyAuthenticationOptions(call: AuthCall): Promise<void> {
  await passkeysOn(call);
  takePasskeyBudget(call);
  const settings = webAuthnSettings(call);
  const { options, session } = await authenticationOptions(settings.webauthn);
  await openCeremony(call, 'authentication', null, session, options);
}

export async function passkeyAuthenticationVerify(call: AuthCall): Promise<void> {
  await passkeysOn(call);
  const settings = webAuthnSettings(call);
  const pool = call.ctx.pools.auth;
  const { challengeId, credential } = await ceremonyBody(call);
  const session = await consume(call, challengeId, 'authentication', null);
  // The handle names the user; the credential must be one of theirs (go-webauthn ValidatePasskeyLogin).
  const ids = assertionIds(credential);
  if (!ids || !isUuid(ids.userId)) throw verificationFailed();
  const passkey = await findPasskeyByCredentialId(pool, ids.credentialId);
  if (!passkey || passkey.user_id !== ids.userId) throw verificationFailed();
  const signCount = await verifyAssertion(settings.webauthn, session, credential, storedPasskey(passkey));
  const user = await findUserRowById(pool, passkey.user_id);
  if (!user) throw verificationFailed();
  if ((user.email ?? '') !== '' && !isConfirmed(user))
    throw forbidden('email_not_confirmed', 'Email not confirmed');
  if (isBanned(user)) throw forbidden('user_banned', 'User is banned');
  const tokens = await withTransaction(pool, async (client) => {
    await markPasskeyUsed(client, passkey.id, signCount);
    await writeAudit(client, actorFromUser(user), 'login', call.ip, { passkey_id: passkey.id });
    return issueSession(call, client, { userId: user.id, method: 'passkey', provider: 'passkey' });
  });
  sendJson(call.res, 200, tokens);
}

async function owner(call: AuthCall): Promise<Authenticated> {
  await passkeysOn(call);
  return requireUser(call);
}

async function ownPasskey(call: AuthCall, userId: string, passkeyId: string) {
  const found = isUuid(passkeyId) ? await findPasskey(call.ctx.pools.auth, userId, passkeyId) : undefined;
  if (!found) throw notFound('validation_failed', 'Passkey not found');
  return found;
}

export async function passkeyList(call: AuthCall): Promise<void> {
  const { user } = await owner(call);
  sendJson(call.res, 200, (await listPasskeys(call.ctx.pools.auth, user.row.id)).map(passkeyJson));
}

export async function passkeyUpdate(call: AuthCall, passkeyId: string): Promise<void> {
  const { user } = await owner(call);
  if (!isUuid(passkeyId)) throw notFound('validation_failed', 'Passkey not found');
  const body = await readJsonObject(call.req, call.ctx.config.stack.maxBodyBytes);
  const friendlyName = stringOrEmpty(body, 'friendly_name');
  if (friendlyName === '') throw badRequest('validation_failed', 'friendly_name is required');
  if (friendlyName.length > 120)
    throw badRequest('validation_failed', 'friendly_name must be 120 characters or less');
  const passkey = await ownPasskey(call, user.row.id, passkeyId);
  const renamed = await withTransaction(call.ctx.pools.auth, async (client) => {
    const row = await renamePasskey(client, passkey.id, friendlyName);
    await writeAudit(client, actorFromUser(user.row), 'passkey_updated', call.ip, { passkey_id: row.id });
    return row;
  });
  sendJson(call.res, 200, passkeyJson(renamed));
}

export async function passkeyDelete(call: AuthCall, passkeyId: string): Promise<void> {
  const caller = await owner(call);
  await requireManagementAal(call, caller);
  const passkey = await ownPasskey(call, caller.user.row.id, passkeyId);
  await withTransaction(call.ctx.pools.auth, async (client) => {
    await deletePasskey(client, passkey.id);
    await writeAudit(client, actorFromUser(caller.user.row), 'passkey_deleted', call.ip, {
      passkey_id: passkey.id,
    });
  });
  call.res.writeHead(204).end();
}
