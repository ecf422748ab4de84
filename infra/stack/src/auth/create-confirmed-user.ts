/**
 * Creates (or re-passwords) a confirmed email user straight in the database, with exactly the rows
 * GoTrue would have made: used by the stack CLI for the local demo accounts.
 */
import type pg from 'pg';
import { withTransaction } from './db.js';
import { hashPassword } from './password.js';
import type { JsonMap } from './user-json.js';
import {
  confirmEmail,
  findUserByEmail,
  insertEmailUser,
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
    const id = await insertEmailUser(client, {
      email,
      encryptedPassword,
      userMetadata: input.userMetadata,
      appMetadata: input.appMetadata,
    });
    await confirmEmail(client, id);
    return { id };
  });
}
