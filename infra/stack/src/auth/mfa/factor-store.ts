/**
 * auth.mfa_factors and auth.mfa_challenges as GoTrue keeps them. A TOTP challenge that verified
 * keeps the time step it consumed in `otp_code` (GoTrue leaves that column empty for TOTP), so a
 * code is good once: a later verify must match a newer step.
 */
import type { Db } from '../db.js';
import { FACTOR_COLUMNS, type FactorRow } from './factor-json.js';

/** GoTrue's MFA defaults (GOTRUE_MFA_*): factor and challenge lifetimes, factor counts. */
export const MFA_LIMITS = {
  maxEnrolledFactors: 10,
  maxVerifiedFactors: 10,
  challengeExpirySeconds: 300,
  unverifiedFactorExpirySeconds: 300,
};

export async function listFactors(db: Db, userId: string): Promise<FactorRow[]> {
  const { rows } = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = $1 order by created_at, id`,
    [userId],
  );
  return rows;
}

export async function listFactorsOf(db: Db, userIds: string[]): Promise<FactorRow[]> {
  if (userIds.length === 0) return [];
  const { rows } = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where user_id = any($1::uuid[]) order by created_at, id`,
    [userIds],
  );
  return rows;
}

export async function findOwnedFactor(
  db: Db,
  userId: string,
  factorId: string,
  forUpdate = false,
): Promise<FactorRow | undefined> {
  const { rows } = await db.query<FactorRow>(
    `select ${FACTOR_COLUMNS} from auth.mfa_factors where id = $1 and user_id = $2${forUpdate ? ' for update' : ''}`,
    [factorId, userId],
  );
  return rows[0];
}

/** GoTrue's DeleteExpiredFactors: unverified factors never challenged, older than the expiry. */
export async function deleteExpiredFactors(db: Db): Promise<void> {
  await db.query(
    `delete from auth.mfa_factors f where status <> 'verified'
        and not exists (select 1 from auth.mfa_challenges c where c.factor_id = f.id)
        and created_at + make_interval(secs => $1) < now()`,
    [MFA_LIMITS.unverifiedFactorExpirySeconds],
  );
}

export interface NewFactor {
  userId: string;
  friendlyName: string;
  secret: string;
}

export async function insertTotpFactor(db: Db, factor: NewFactor): Promise<FactorRow> {
  const { rows } = await db.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at, secret)
     values (gen_random_uuid(), $1, nullif($2, ''), 'totp', 'unverified', now(), now(), $3)
     returning ${FACTOR_COLUMNS}`,
    [factor.userId, factor.friendlyName, factor.secret],
  );
  return rows[0]!;
}

/** A WebAuthn factor as GoTrue's NewWebAuthnFactor: unverified, its credential stored when verified. */
export async function insertWebAuthnFactor(db: Db, userId: string, friendlyName: string): Promise<FactorRow> {
  const { rows } = await db.query<FactorRow>(
    `insert into auth.mfa_factors (id, user_id, friendly_name, factor_type, status, created_at, updated_at)
     values (gen_random_uuid(), $1, nullif($2, ''), 'webauthn', 'unverified', now(), now())
     returning ${FACTOR_COLUMNS}`,
    [userId, friendlyName],
  );
  return rows[0]!;
}

/** The secret, for the verify step only; nothing returns it to a client after enrolment. */
export async function factorSecret(db: Db, factorId: string): Promise<string> {
  const { rows } = await db.query<{ secret: string | null }>(
    `select secret from auth.mfa_factors where id = $1`,
    [factorId],
  );
  return rows[0]?.secret ?? '';
}

export interface ChallengeRow {
  id: string;
  factor_id: string;
  created_at: Date;
  verified_at: Date | null;
  ip_address: string;
}

export async function insertChallenge(db: Db, factorId: string, ip: string): Promise<ChallengeRow> {
  const { rows } = await db.query<ChallengeRow>(
    `insert into auth.mfa_challenges (id, factor_id, created_at, ip_address)
     values (gen_random_uuid(), $1, now(), $2::inet)
     returning id, factor_id, created_at, verified_at, host(ip_address) as ip_address`,
    [factorId, ip],
  );
  await db.query(`update auth.mfa_factors set last_challenged_at = now() where id = $1`, [factorId]);
  return rows[0]!;
}

export async function findChallenge(
  db: Db,
  factorId: string,
  challengeId: string,
): Promise<ChallengeRow | undefined> {
  const { rows } = await db.query<ChallengeRow>(
    `select id, factor_id, created_at, verified_at, host(ip_address) as ip_address
       from auth.mfa_challenges where id = $1 and factor_id = $2 for update`,
    [challengeId, factorId],
  );
  return rows[0];
}

export async function deleteChallenge(db: Db, challengeId: string): Promise<void> {
  await db.query(`delete from auth.mfa_challenges where id = $1`, [challengeId]);
}

/** The newest TOTP step this factor has accepted, or -1. */
export async function lastUsedStep(db: Db, factorId: string): Promise<number> {
  const { rows } = await db.query<{ step: string | null }>(
    `select max(otp_code::bigint) as step from auth.mfa_challenges
      where factor_id = $1 and verified_at is not null and otp_code ~ '^[0-9]+$'`,
    [factorId],
  );
  return rows[0]?.step === null || rows[0]?.step === undefined ? -1 : Number(rows[0].step);
}

export async function markChallengeVerified(db: Db, challengeId: string, step: number): Promise<void> {
  await db.query(`update auth.mfa_challenges set verified_at = now(), otp_code = $2 where id = $1`, [
    challengeId,
    String(step),
  ]);
}

export async function markFactorVerified(db: Db, factorId: string): Promise<void> {
  await db.query(`update auth.mfa_factors set status = 'verified', updated_at = now() where id = $1`, [
    factorId,
  ]);
}

export async function deleteUnverifiedFactors(db: Db, userId: string, factorType: string): Promise<void> {
  await db.query(
    `delete from auth.mfa_factors where user_id = $1 and status = 'unverified' and factor_type = $2::auth.factor_type`,
    [userId, factorType],
  );
}

/** GoTrue's DowngradeSessionsToAAL1: the sessions this factor raised lose its amr entry and aal2. */
export async function deleteFactorAndDowngrade(db: Db, factor: FactorRow): Promise<void> {
  const method =
    factor.factor_type === 'totp' ? 'totp' : factor.factor_type === 'phone' ? 'mfa/phone' : 'mfa/webauthn';
  await db.query(
    `delete from auth.mfa_amr_claims where authentication_method = $2
        and session_id in (select id from auth.sessions where factor_id = $1)`,
    [factor.id, method],
  );
  await db.query(
    `update auth.sessions set aal = 'aal1', factor_id = null, updated_at = now() where factor_id = $1`,
    [factor.id],
  );
  await db.query(`delete from auth.mfa_factors where id = $1`, [factor.id]);
}
