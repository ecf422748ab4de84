/**
 * The user behind an ID token (GoTrue's createAccountFromExternalIdentity with its
 * DetermineAccountLinking): the identity (provider, sub) if known; else the user holding the same
 * verified email, to whom the identity is linked; else a new user, confirmed when the provider says
 * the email is verified (or confirmations are off). An unverified email that another account holds
 * is refused rather than linked (a provider's unverified claim must not take over an account).
 */
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import type { Db } from '../db.js';
import { AuthApiError, forbidden, unprocessable } from '../errors.js';
import { isBanned, type JsonMap, type UserRow } from '../user-json.js';
import {
  DEFAULT_AUDIENCE,
  DEFAULT_ROLE,
  findUserHoldingEmail,
  findUserRowById,
  insertIdentity,
  insertUser,
  mergeAppMetadata,
  mergeUserMetadata,
} from '../user-store.js';

export interface ExternalIdentity {
  provider: string;
  subject: string;
  data: JsonMap;
  /** app_metadata.sso_groups to set, or undefined when the provider maps no groups. */
  groups: string[] | undefined;
}

async function providersOf(db: Db, userId: string): Promise<string[]> {
  const { rows } = await db.query<{ provider: string }>(
    `select distinct provider from auth.identities where user_id = $1 order by provider`,
    [userId],
  );
  return rows.map((r) => r.provider);
}

/** Metadata every sign-in refreshes: the identity's claims, providers, the mapped groups. */
async function refreshUser(db: Db, userId: string, identity: ExternalIdentity): Promise<void> {
  await mergeUserMetadata(db, userId, identity.data);
  const app: JsonMap = { providers: await providersOf(db, userId) };
  if (identity.groups !== undefined) app.sso_groups = identity.groups;
  await mergeAppMetadata(db, userId, app);
}

async function findByIdentity(db: Db, identity: ExternalIdentity): Promise<string | undefined> {
  const { rows } = await db.query<{ user_id: string }>(
    `update auth.identities set identity_data = $3::jsonb, last_sign_in_at = now(), updated_at = now()
      where provider = $1 and provider_id = $2 returning user_id`,
    [identity.provider, identity.subject, JSON.stringify(identity.data)],
  );
  return rows[0]?.user_id;
}

async function createUser(
  call: AuthCall,
  db: Db,
  identity: ExternalIdentity,
  email: string | null,
): Promise<string> {
  const { auth } = call.ctx.config;
  if (!auth.enableSignup) throw unprocessable('signup_disabled', 'Signups not allowed for this instance');
  const verified = identity.data.email_verified === true;
  if (email && !verified && auth.enableConfirmations) {
    throw forbidden(
      'provider_email_needs_verification',
      `Unverified email with ${identity.provider}: verify the email address with the identity provider first`,
    );
  }
  const id = await insertUser(db, {
    aud: DEFAULT_AUDIENCE,
    role: DEFAULT_ROLE,
    email,
    phone: null,
    encryptedPassword: null,
    appMetadata: { provider: identity.provider, providers: [identity.provider] },
    userMetadata: identity.data,
    emailConfirmed: email !== null,
    phoneConfirmed: false,
    isAnonymous: false,
  });
  await insertIdentity(db, {
    userId: id,
    provider: identity.provider,
    providerId: identity.subject,
    identityData: identity.data,
  });
  const row = (await findUserRowById(db, id))!;
  await writeAudit(db, actorFromUser(row), 'user_signedup', call.ip, { provider: identity.provider });
  return id;
}

/**
 * Before linking to an account whose email nobody confirmed: its password, unconfirmed phone and
 * email/phone identities go (GoTrue's RemoveUnconfirmedIdentities), so whoever registered the
 * address first cannot sign in to the account its owner now reaches through the provider.
 */
async function removeUnconfirmedAccess(db: Db, userId: string): Promise<void> {
  await db.query(
    `update auth.users set encrypted_password = '',
        phone = case when phone_confirmed_at is null then null else phone end, updated_at = now()
      where id = $1`,
    [userId],
  );
  await db.query(`delete from auth.identities where user_id = $1 and provider in ('email', 'phone')`, [
    userId,
  ]);
}

/** The signed-in user's row, after linking or creating as needed; refuses a banned user. */
export async function userForIdentity(call: AuthCall, db: Db, identity: ExternalIdentity): Promise<UserRow> {
  const email = typeof identity.data.email === 'string' ? identity.data.email : null;
  let userId = await findByIdentity(db, identity);
  if (!userId && email) {
    const holder = await findUserHoldingEmail(db, email, DEFAULT_AUDIENCE);
    if (holder && identity.data.email_verified !== true) {
      throw new AuthApiError(
        422,
        'email_exists',
        `A user with this email address has already been registered, and ${identity.provider} does not say the address is verified`,
      );
    }
    if (holder) {
      userId = holder.id;
      if (holder.email_confirmed_at === null) await removeUnconfirmedAccess(db, userId);
      await insertIdentity(db, {
        userId,
        provider: identity.provider,
        providerId: identity.subject,
        identityData: identity.data,
      });
    }
  }
  userId ??= await createUser(call, db, identity, email);
  await refreshUser(db, userId, identity);
  if (identity.data.email_verified === true) {
    // The provider vouches for the address: an unconfirmed account holding it is confirmed (user.Confirm).
    await db.query(
      `update auth.users set email_confirmed_at = now(), updated_at = now() where id = $1 and email_confirmed_at is null`,
      [userId],
    );
  }
  const row = (await findUserRowById(db, userId))!;
  if (isBanned(row)) throw forbidden('user_banned', 'User is banned');
  return row;
}
