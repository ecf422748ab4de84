/**
 * The MFA factor API of GoTrue (internal/api/mfa.go): POST /factors (enrol), POST
 * /factors/{id}/challenge, POST /factors/{id}/verify (the session becomes aal2) and DELETE
 * /factors/{id}. TOTP, and WebAuthn when `[auth.mfa.web_authn]` enables it (the ceremonies in
 * mfa/webauthn-factor.ts); phone factors answer as GoTrue does when `[auth.mfa.phone]` is off.
 */
import type { PoolClient } from 'pg';
import { sendJson } from '../../kernel/http.js';
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { requireUser, type Authenticated } from '../authenticate.js';
import { CommitThenFail, withTransaction, withTransactionCommitOnFail } from '../db.js';
import { AuthApiError, badRequest, forbidden, notFound, unprocessable } from '../errors.js';
import type { FactorRow } from '../mfa/factor-json.js';
import {
  deleteChallenge,
  deleteExpiredFactors,
  deleteFactorAndDowngrade,
  deleteUnverifiedFactors,
  factorSecret,
  findChallenge,
  findOwnedFactor,
  insertChallenge,
  insertTotpFactor,
  insertWebAuthnFactor,
  lastUsedStep,
  listFactors,
  markChallengeVerified,
  markFactorVerified,
  MFA_LIMITS,
} from '../mfa/factor-store.js';
import { takeMfaBudget } from '../mfa/mfa-limits.js';
import { raiseSessionToAal2 } from '../mfa/raise-session.js';
import { matchTotpStep, newTotp } from '../mfa/totp.js';
import {
  challengeSession,
  storeChallengeSession,
  verifyWebAuthnCeremony,
  webAuthnChallenge,
  webAuthnVerifyParams,
} from '../mfa/webauthn-factor.js';
import { readJsonObject, stringOrEmpty } from '../request-body.js';
import type { JsonMap, UserRow } from '../user-json.js';
import { isUuid } from '../validation.js';
import { webAuthnSettings } from './webauthn-settings.js';

interface FactorCaller extends Authenticated {
  session: NonNullable<Authenticated['session']>;
}

/** requireAuthentication + requireNotAnonymous, and the session every factor call needs. */
async function requireFactorCaller(call: AuthCall, what: string): Promise<FactorCaller> {
  const caller = await requireUser(call);
  if (caller.claims.is_anonymous === true)
    throw forbidden('no_authorization', 'Anonymous user not allowed to perform these actions');
  if (!caller.session)
    throw new AuthApiError(
      500,
      'unexpected_failure',
      `A valid session and a registered user are required to ${what}`,
    );
  return caller as FactorCaller;
}

/** GoTrue's loadFactor: the factor must be the caller's own. */
async function loadOwnFactor(call: AuthCall, userId: string, factorId: string): Promise<FactorRow> {
  if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = await findOwnedFactor(call.ctx.pools.auth, userId, factorId);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  return factor;
}

function refuseDisabledType(call: AuthCall, factorType: string, action: 'enroll' | 'verification'): void {
  const webauthn = webAuthnSettings(call).mfaWebAuthn;
  if (factorType === 'webauthn' && (action === 'enroll' ? webauthn.enrollEnabled : webauthn.verifyEnabled))
    return;
  if (factorType === 'phone')
    throw unprocessable(
      `mfa_phone_${action === 'enroll' ? 'enroll' : 'verify'}_not_enabled`,
      `MFA ${action} is disabled for Phone`,
    );
  if (factorType === 'webauthn')
    throw unprocessable(
      `mfa_webauthn_${action === 'enroll' ? 'enroll' : 'verify'}_not_enabled`,
      `MFA ${action} is disabled for WebAuthn`,
    );
  if (factorType !== 'totp')
    throw badRequest('validation_failed', 'factor_type needs to be totp, phone, or webauthn');
}

function siteHost(siteUrl: string): string {
  try {
    return new URL(siteUrl).host;
  } catch {
    throw new AuthApiError(500, 'unexpected_failure', 'site url is improperly formatted');
  }
}

export async function enrollFactor(call: AuthCall): Promise<void> {
  const { ctx } = call;
  const { user, session } = await requireFactorCaller(call, 'enroll a factor');
  const body = await readJsonObject(call.req, ctx.config.stack.maxBodyBytes);
  const factorType = stringOrEmpty(body, 'factor_type');
  refuseDisabledType(call, factorType, 'enroll');
  const friendlyName = stringOrEmpty(body, 'friendly_name');
  const issuer = stringOrEmpty(body, 'issuer') || siteHost(ctx.config.auth.siteUrl);
  const pool = ctx.pools.auth;

  await deleteExpiredFactors(pool);
  const factors = await listFactors(pool, user.row.id);
  if (factors.some((f) => (f.friendly_name ?? '') === friendlyName))
    throw unprocessable(
      'mfa_factor_name_conflict',
      `A factor with the friendly name "${friendlyName}" for this user already exists`,
    );
  const verified = factors.filter((f) => f.status === 'verified').length;
  if (factors.length >= MFA_LIMITS.maxEnrolledFactors || verified >= MFA_LIMITS.maxVerifiedFactors)
    throw unprocessable(
      'too_many_enrolled_mfa_factors',
      'Maximum number of verified factors reached, unenroll to continue',
    );
  if (verified > 0 && session.aal !== 'aal2')
    throw forbidden('insufficient_aal', 'AAL2 required to enroll a new factor');

  if (factorType === 'webauthn') {
    const factor = await withTransaction(pool, async (client) => {
      const created = await insertWebAuthnFactor(client, user.row.id, friendlyName);
      await writeAudit(client, actorFromUser(user.row), 'factor_in_progress', call.ip, {
        factor_id: created.id,
        factor_type: 'webauthn',
      });
      return created;
    });
    sendJson(call.res, 200, { id: factor.id, type: 'webauthn', friendly_name: factor.friendly_name ?? '' });
    return;
  }
  const totp = await newTotp(issuer, user.row.email ?? '');
  const factor = await withTransaction(pool, async (client) => {
    const created = await insertTotpFactor(client, {
      userId: user.row.id,
      friendlyName,
      secret: totp.secret,
    });
    await writeAudit(client, actorFromUser(user.row), 'factor_in_progress', call.ip, {
      factor_id: created.id,
    });
    return created;
  });
  sendJson(call.res, 200, {
    id: factor.id,
    type: 'totp',
    friendly_name: factor.friendly_name ?? '',
    totp: { qr_code: totp.qrCode, secret: totp.secret, uri: totp.uri },
  });
}

export async function challengeFactor(call: AuthCall, factorId: string): Promise<void> {
  takeMfaBudget(call.ctx, 'challenge', call.ip);
  const { user } = await requireFactorCaller(call, 'challenge a factor');
  const factor = await loadOwnFactor(call, user.row.id, factorId);
  refuseDisabledType(call, factor.factor_type, 'verification');
  const ceremony =
    factor.factor_type === 'webauthn'
      ? await webAuthnChallenge(call.ctx.pools.auth, webAuthnSettings(call).webauthn, user.row, factor)
      : undefined;
  const challenge = await withTransaction(call.ctx.pools.auth, async (client) => {
    const created = await insertChallenge(client, factor.id, call.sessionIp ?? '0.0.0.0');
    if (ceremony) await storeChallengeSession(client, created.id, ceremony.session);
    await writeAudit(client, actorFromUser(user.row), 'challenge_created', call.ip, {
      factor_id: factor.id,
      factor_status: factor.status,
    });
    return created;
  });
  sendJson(call.res, 200, {
    id: challenge.id,
    type: factor.factor_type,
    expires_at: Math.floor(challenge.created_at.getTime() / 1000) + MFA_LIMITS.challengeExpirySeconds,
    ...(ceremony
      ? { webauthn: { type: ceremony.kind, credential_options: { publicKey: ceremony.options } } }
      : {}),
  });
}

export async function verifyFactor(call: AuthCall, factorId: string): Promise<void> {
  const { ctx } = call;
  takeMfaBudget(ctx, 'verify', call.ip);
  const { user, session } = await requireFactorCaller(call, 'verify a factor');
  const factor = await loadOwnFactor(call, user.row.id, factorId);
  const body = await readJsonObject(call.req, ctx.config.stack.maxBodyBytes);
  const code = stringOrEmpty(body, 'code');
  if (code === '' && factor.factor_type !== 'webauthn')
    throw badRequest('validation_failed', 'Code needs to be non-empty');
  refuseDisabledType(call, factor.factor_type, 'verification');
  const webauthn = factor.factor_type === 'webauthn' ? webAuthnVerifyParams(body) : undefined;
  const challengeId = stringOrEmpty(body, 'challenge_id');
  if (!isUuid(challengeId)) throw badRequest('validation_failed', 'challenge_id must be an UUID');

  const response = await withTransactionCommitOnFail(ctx.pools.auth, async (client) => {
    // The factor row lock serialises two verifies of one code: the second sees the first's step.
    await findOwnedFactor(client, user.row.id, factor.id, true);
    const challenge = await findChallenge(client, factor.id, challengeId);
    if (!challenge)
      throw unprocessable('mfa_factor_not_found', 'MFA factor with the provided challenge ID not found');
    if (challenge.verified_at !== null || challenge.ip_address !== (call.sessionIp ?? '0.0.0.0'))
      throw unprocessable('mfa_ip_address_mismatch', 'Challenge and verify IP addresses mismatch.');
    if (challenge.created_at.getTime() + MFA_LIMITS.challengeExpirySeconds * 1000 < Date.now()) {
      await deleteChallenge(client, challenge.id);
      throw new CommitThenFail(
        unprocessable(
          'mfa_challenge_expired',
          `MFA challenge ${challenge.id} has expired, verify against another challenge or create a new challenge.`,
        ),
      );
    }
    if (webauthn) {
      const rp = webAuthnSettings(call).webauthn;
      const ceremony = await challengeSession(client, challenge.id);
      await verifyWebAuthnCeremony(client, rp, factor, ceremony, webauthn);
      return completeVerification(call, client, user.row, session.id, factor, challenge.id, null);
    }
    const step = matchTotpStep(await factorSecret(client, factor.id), code);
    // A code is good once: a step at or before the last accepted one is a replay (RFC 6238 §5.2).
    if (step === null || step <= (await lastUsedStep(client, factor.id)))
      throw unprocessable('mfa_verification_failed', 'Invalid TOTP code entered');
    return completeVerification(call, client, user.row, session.id, factor, challenge.id, step);
  });
  sendJson(call.res, 200, response);
}

/** A verified factor's common tail: audit, challenge used, factor verified, the session aal2. */
async function completeVerification(
  call: AuthCall,
  client: PoolClient,
  user: UserRow,
  sessionId: string,
  factor: FactorRow,
  challengeId: string,
  totpStep: number | null,
): Promise<JsonMap> {
  await writeAudit(client, actorFromUser(user), 'verification_attempted', call.ip, {
    factor_id: factor.id,
    challenge_id: challengeId,
    factor_type: factor.factor_type,
  });
  // A TOTP challenge keeps its step (the replay check); a WebAuthn one is used up (GoTrue destroys it).
  if (totpStep === null) await deleteChallenge(client, challengeId);
  else await markChallengeVerified(client, challengeId, totpStep);
  if (factor.status !== 'verified') await markFactorVerified(client, factor.id);
  const method = factor.factor_type === 'webauthn' ? 'mfa/webauthn' : 'totp';
  const tokens = await raiseSessionToAal2(call, client, user.id, sessionId, factor.id, method);
  await deleteUnverifiedFactors(client, user.id, factor.factor_type);
  return tokens;
}

export async function unenrollFactor(call: AuthCall, factorId: string): Promise<void> {
  const { user, session } = await requireFactorCaller(call, 'unenroll a factor');
  const factor = await loadOwnFactor(call, user.row.id, factorId);
  if (factor.status === 'verified' && session.aal !== 'aal2')
    throw unprocessable('insufficient_aal', 'AAL2 required to unenroll verified factor');
  await withTransaction(call.ctx.pools.auth, async (client) => {
    await deleteFactorAndDowngrade(client, factor);
    await writeAudit(client, actorFromUser(user.row), 'factor_unenrolled', call.ip, {
      factor_id: factor.id,
      factor_status: factor.status,
      session_id: session.id,
    });
  });
  sendJson(call.res, 200, { id: factor.id });
}
