/**
 * Users and sessions. setup() creates one user per VU through the auth admin API (service key), so
 * per-user limits are not what a run measures; each VU signs in once (POST /auth/v1/token?
 * grant_type=password), refreshes its token before it expires (grant_type=refresh_token), and keeps
 * its session in a map keyed by __VU (k6 gives every VU its own copy of module state; the Node
 * runner shares one, so nothing per-VU may live in a plain module variable).
 */
import { Trend } from 'k6/metrics';
import { send, serviceHeaders, type Answer } from './api.ts';
import { RUN_ID } from './env.ts';

export interface Account {
  id: string;
  email: string;
  password: string;
}

export interface Session {
  accessToken: string;
  refreshToken: string;
  userId: string;
  /** ms since the epoch. */
  expiresAt: number;
}

export const LOAD_EMAIL_DOMAIN = 'load.test';
const REFRESH_MARGIN_MS = 60_000;
const signInMs = new Trend('cti_sign_in_ms', true);
const sessions = new Map<number, Session>();

function password(index: number): string {
  // Meets minimum_password_length 12 and lower/upper/digit rules.
  return `Load${RUN_ID}x${index}Pw9`;
}

export async function createAccounts(label: string, count: number): Promise<Account[]> {
  const accounts: Account[] = [];
  for (let start = 0; start < count; start += 10) {
    const batch = Array.from({ length: Math.min(10, count - start) }, (_, k) => start + k);
    const answers = await Promise.all(
      batch.map((i) =>
        send(
          'POST',
          '/auth/v1/admin/users',
          {
            email: `${label}-${RUN_ID}-${i}@${LOAD_EMAIL_DOMAIN}`,
            password: password(i),
            email_confirm: true,
          },
          { name: 'admin create user', headers: serviceHeaders() },
        ),
      ),
    );
    answers.forEach((answer, k) => {
      if (answer.status !== 200 && answer.status !== 201)
        throw new Error(
          `creating a load user failed: HTTP ${answer.status} ${String(answer.body).slice(0, 200)}`,
        );
      const { id, email } = answer.json() as { id: string; email: string };
      accounts.push({ id, email, password: password(batch[k]!) });
    });
  }
  return accounts;
}

export async function deleteAccounts(accounts: readonly Account[]): Promise<void> {
  for (let start = 0; start < accounts.length; start += 10) {
    await Promise.all(
      accounts.slice(start, start + 10).map((a) =>
        send('DELETE', `/auth/v1/admin/users/${a.id}`, undefined, {
          name: 'admin delete user',
          headers: serviceHeaders(),
        }),
      ),
    );
  }
}

function toSession(answer: Answer): Session | null {
  if (answer.status !== 200) return null;
  const body = answer.json() as {
    access_token: string;
    refresh_token: string;
    expires_in: number;
    user: { id: string };
  };
  return {
    accessToken: body.access_token,
    refreshToken: body.refresh_token,
    userId: body.user.id,
    expiresAt: Date.now() + body.expires_in * 1000,
  };
}

export async function signIn(
  account: Account,
  expected?: number[],
): Promise<{ answer: Answer; session: Session | null }> {
  const answer = await send(
    'POST',
    '/auth/v1/token?grant_type=password',
    { email: account.email, password: account.password, gotrue_meta_security: {} },
    { name: 'sign in', ...(expected ? { expected } : {}) },
  );
  signInMs.add(answer.timings.duration);
  return { answer, session: toSession(answer) };
}

export async function refresh(session: Session): Promise<Session | null> {
  const answer = await send(
    'POST',
    '/auth/v1/token?grant_type=refresh_token',
    { refresh_token: session.refreshToken },
    { name: 'token refresh' },
  );
  return toSession(answer);
}

/** This VU's session: signed in on first use, refreshed when it is about to expire (or `force`). */
export async function sessionFor(account: Account, force = false): Promise<Session | null> {
  const known = sessions.get(__VU);
  if (known && !force && known.expiresAt - Date.now() > REFRESH_MARGIN_MS) return known;
  const next = known ? await refresh(known) : (await signIn(account)).session;
  if (next) sessions.set(__VU, next);
  else sessions.delete(__VU);
  return next;
}

/** The account of this VU from the ones setup() created. */
export function accountOf(accounts: readonly Account[]): Account {
  const account = accounts[(__VU - 1) % accounts.length];
  if (!account) throw new Error('setup() created no accounts');
  return account;
}
