/**
 * auth.flow_state rows of PKCE sign-ins, as GoTrue keeps them: made at /authorize with the app's
 * code challenge, given the user and the provider's tokens at /callback (the auth code then goes to
 * the app), spent by POST /token?grant_type=pkce. Checks per RFC 7636 §4.6 (S256 or plain).
 */
import { createHash, randomUUID, timingSafeEqual } from 'node:crypto';
import type { Db } from '../db.js';
import { AuthApiError, badRequest } from '../errors.js';
import { FLOW_STATE_SECONDS } from './state.js';

export interface FlowStateRow {
  id: string;
  user_id: string | null;
  auth_code: string;
  code_challenge_method: string;
  code_challenge: string;
  provider_type: string;
  provider_access_token: string | null;
  provider_refresh_token: string | null;
  authentication_method: string;
  expired: boolean;
}

const COLUMNS = `id, user_id, auth_code, code_challenge_method::text, code_challenge, provider_type,
  provider_access_token, provider_refresh_token, authentication_method,
  created_at < now() - make_interval(secs => ${FLOW_STATE_SECONDS}) as expired`;

/** GoTrue's validatePKCEParams: both or neither, and a challenge RFC 7636 §4.2 allows. */
export function pkceParams(
  challenge: string,
  method: string,
): { challenge: string; method: 's256' | 'plain' } | undefined {
  if ((challenge === '') !== (method === '')) {
    throw badRequest('validation_failed', 'PKCE flow requires code_challenge_method and code_challenge');
  }
  if (challenge === '') return undefined;
  if (challenge.length < 43 || challenge.length > 128) {
    throw badRequest('validation_failed', 'code challenge has to be between 43 and 128 characters');
  }
  if (!/^[a-zA-Z._~0-9-]+$/.test(challenge)) {
    throw badRequest(
      'validation_failed',
      'code challenge can only contain alphanumeric characters, hyphens, periods, underscores and tildes',
    );
  }
  const lower = method.toLowerCase();
  if (lower !== 's256' && lower !== 'plain')
    throw badRequest('validation_failed', 'Invalid code_challenge_method');
  return { challenge, method: lower };
}

export async function createFlowState(
  db: Db,
  flow: { provider: string; challenge: string; method: 's256' | 'plain' },
): Promise<string> {
  const { rows } = await db.query<{ id: string }>(
    `insert into auth.flow_state (id, auth_code, code_challenge_method, code_challenge, provider_type,
        authentication_method, created_at, updated_at)
     values ($1, $2, $3::auth.code_challenge_method, $4, $5, 'oauth', now(), now()) returning id`,
    [randomUUID(), randomUUID(), flow.method, flow.challenge, flow.provider],
  );
  return rows[0]!.id;
}

/** Locks the flow state of a callback; refuses a missing, expired or already used one. */
export async function claimFlowState(db: Db, id: string): Promise<FlowStateRow> {
  const { rows } = await db.query<FlowStateRow>(
    `select ${COLUMNS} from auth.flow_state where id = $1 for update`,
    [id],
  );
  const flow = rows[0];
  if (!flow) throw badRequest('bad_oauth_state', 'OAuth state not found or expired');
  if (flow.expired) throw badRequest('bad_oauth_state', 'OAuth state has expired');
  if (flow.user_id) throw badRequest('flow_state_already_used', 'State has already been used');
  return flow;
}

export async function completeFlowState(
  db: Db,
  id: string,
  done: { userId: string; providerToken: string; providerRefreshToken: string },
): Promise<string> {
  const { rows } = await db.query<{ auth_code: string }>(
    `update auth.flow_state set user_id = $2, provider_access_token = $3, provider_refresh_token = $4,
        auth_code_issued_at = now(), updated_at = now() where id = $1 returning auth_code`,
    [id, done.userId, done.providerToken, done.providerRefreshToken],
  );
  return rows[0]!.auth_code;
}

export async function findFlowStateByAuthCode(db: Db, authCode: string): Promise<FlowStateRow | undefined> {
  const { rows } = await db.query<FlowStateRow>(
    `select ${COLUMNS} from auth.flow_state where auth_code = $1 for update`,
    [authCode],
  );
  return rows[0];
}

export async function deleteFlowState(db: Db, id: string): Promise<void> {
  await db.query(`delete from auth.flow_state where id = $1`, [id]);
}

/** GoTrue's security.VerifyPKCEChallenge, in constant time. */
export function verifyChallenge(
  flow: Pick<FlowStateRow, 'code_challenge' | 'code_challenge_method'>,
  verifier: string,
): void {
  const expected =
    flow.code_challenge_method.toLowerCase() === 's256'
      ? createHash('sha256').update(verifier).digest('base64url')
      : verifier;
  const a = Buffer.from(flow.code_challenge);
  const b = Buffer.from(expected);
  if (a.length !== b.length || !timingSafeEqual(a, b)) {
    throw new AuthApiError(
      400,
      'bad_code_verifier',
      'code challenge does not match previously saved code verifier',
    );
  }
}
