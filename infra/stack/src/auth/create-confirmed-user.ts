/**
 * Creates (or re-passwords) a confirmed email user straight in the database, with exactly the rows
 * GoTrue would have made: used by the stack CLI for the local demo accounts.
 */
import { randomUUID } from 'node:crypto';
import type pg from 'pg';
import { withTransaction } from './db.js';
import { hashPassword } from './password.js';
import type { JsonMap } from './user-json.js';
import {
  DEFAULT_AUDIENCE,
  DEFAULT_ROLE,
  confirmEmail,
  findUserByEmail,
  insertIdentity,
  insertUser,
  mergeAppMetadata,
  mergeUserMetadata,
  storePassword,
} from './user-store.js';
import { validateEmail } from './validation.js';

export interface ConfirmedUserInput {
  email: string;
  password: string;
  userMetadata?: JsonMap;
  appMetadata?: JsonMap;
}

/** Idempotent on email: an existing user gets the new password (and metadata) and is confirmed. */
export async function createConfirmedUser(pool: pg.Pool, input: ConfirmedUserInput): Promise<{ id: string }> {
  const email = validateEmail(input.email);
  const encryptedPassword = await hashPassword(input.password);
  return withTransaction(pool, async (client) => {
    // Serialises concurrent calls for the same address within this database.
    await client.query(`select pg_advisory_xact_lock(hashtext('auth.create_confirmed_user:' || $1))`, [
      email,
    ]);
    const existing = await findUserByEmail(client, email);
    if (existing) {
      await storePassword(client, existing.id, encryptedPassword);
      if (input.userMetadata) await mergeUserMetadata(client, existing.id, input.userMetadata);
      if (input.appMetadata) await mergeAppMetadata(client, existing.id, input.appMetadata);
      if (existing.email_confirmed_at === null) await confirmEmail(client, existing.id);
      return { id: existing.id };
    }
    const id = randomUUID();
    const identityData = { sub: id, email, email_verified: false, phone_verified: false };
    await insertUser(client, {
      id,
      aud: DEFAULT_AUDIENCE,
      role: DEFAULT_ROLE,
      email,
      phone: null,
      encryptedPassword,
      appMetadata: { provider: 'email', providers: ['email'], ...input.appMetadata },
      userMetadata: { ...identityData, ...input.userMetadata },
      emailConfirmed: false,
      phoneConfirmed: false,
      isAnonymous: false,
    });
    await insertIdentity(client, { userId: id, provider: 'email', providerId: id, identityData });
    await confirmEmail(client, id);
    return { id };
  });
}
