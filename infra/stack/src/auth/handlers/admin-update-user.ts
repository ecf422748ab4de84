/** PUT /admin/users/{id} (GoTrue's adminUserUpdate). */
import { sendJson } from '../../kernel/http.js';
import { readAdminUserParams } from '../admin-params.js';
import { adminActor, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { requireAdmin } from '../authenticate.js';
import { withTransaction, type Db } from '../db.js';
import { applyEmailChange, refreshProviders } from '../email-change.js';
import { badRequest, unprocessable } from '../errors.js';
import { assertAcceptablePassword, hashPassword, isSupportedPasswordHash } from '../password.js';
import { readJsonObject } from '../request-body.js';
import { endSessions } from '../session-store.js';
import { userJson } from '../user-json.js';
import {
  DEFAULT_AUDIENCE,
  confirmEmail,
  findUserById,
  findUserHoldingEmail,
  mergeAppMetadata,
  mergeUserMetadata,
  phoneTaken,
  setBan,
  storePassword,
} from '../user-store.js';
import { loadTargetUser } from './admin-users.js';

export async function adminUpdateUser(call: AuthCall, id: string): Promise<void> {
  const { ctx } = call;
  const admin = await requireAdmin(call);
  const { row } = await loadTargetUser(call, id);
  const params = readAdminUserParams(await readJsonObject(call.req, ctx.config.stack.maxBodyBytes));
  const pool = ctx.pools.auth;
  const aud = row.aud ?? DEFAULT_AUDIENCE;
  if (
    params.email !== '' &&
    params.email !== row.email &&
    (await findUserHoldingEmail(pool, params.email, aud, row.id))
  ) {
    throw unprocessable('email_exists', 'A user with this email address has already been registered');
  }
  if (params.phone !== '' && params.phone !== row.phone && (await phoneTaken(pool, params.phone, aud))) {
    throw unprocessable('phone_exists', 'Phone number already registered by another user');
  }
  let encryptedPassword: string | undefined;
  if (params.password !== undefined) {
    assertAcceptablePassword(params.password, {
      minimumLength: ctx.config.auth.minimumPasswordLength,
      requirements: ctx.config.auth.passwordRequirements,
    });
    encryptedPassword = await hashPassword(params.password);
  } else if (params.passwordHash !== '') {
    if (!isSupportedPasswordHash(params.passwordHash))
      throw badRequest('validation_failed', 'Invalid password hash: only bcrypt hashes are supported');
    encryptedPassword = params.passwordHash;
  }

  const updated = await withTransaction(pool, async (client) => {
    if (params.role !== '')
      await client.query(`update auth.users set role = $2, updated_at = now() where id = $1`, [
        id,
        params.role,
      ]);
    if (params.emailConfirm) await confirmEmail(client, id);
    if (params.phoneConfirm)
      await client.query(
        `update auth.users set phone_confirmed_at = now(), updated_at = now() where id = $1`,
        [id],
      );
    if (encryptedPassword !== undefined) {
      await storePassword(client, id, encryptedPassword);
      // GoTrue signs the user out everywhere when an admin sets a password.
      await endSessions(client, id, 'global', undefined);
    }
    if (params.email !== '')
      await applyEmailChange(client, { userId: id, email: params.email, verified: params.emailConfirm });
    if (params.phone !== '') await setPhone(client, id, params.phone, params.phoneConfirm);
    if (params.appMetadata) await mergeAppMetadata(client, id, params.appMetadata);
    if (params.userMetadata) await mergeUserMetadata(client, id, params.userMetadata);
    if (params.banSeconds !== undefined) await setBan(client, id, params.banSeconds);
    await writeAudit(client, adminActor(admin.role), 'user_modified', call.ip, {
      user_id: id,
      user_email: params.email || (row.email ?? ''),
      user_phone: params.phone || (row.phone ?? ''),
    });
    return (await findUserById(client, id))!;
  });
  sendJson(call.res, 200, userJson(updated));
}

async function setPhone(client: Db, id: string, phone: string, verified: boolean): Promise<void> {
  await client.query(`update auth.users set phone = $2, updated_at = now() where id = $1`, [id, phone]);
  const updated = await client.query(
    `update auth.identities set identity_data = identity_data || jsonb_build_object('phone', $2::text, 'phone_verified', $3::boolean),
        updated_at = now() where user_id = $1 and provider = 'phone'`,
    [id, phone, verified],
  );
  if ((updated.rowCount ?? 0) === 0) {
    await client.query(
      `insert into auth.identities (provider_id, user_id, identity_data, provider, last_sign_in_at, created_at, updated_at)
       values ($1::text, $1::uuid, jsonb_build_object('sub', $1::text, 'phone', $2::text, 'email_verified', false,
         'phone_verified', $3::boolean), 'phone', now(), now(), now())`,
      [id, phone, verified],
    );
  }
  await refreshProviders(client, id);
}
