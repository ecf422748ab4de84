/** POST /admin/users (GoTrue's adminUserCreate), for the service role. */
import { randomBytes, randomUUID } from 'node:crypto';
import { sendJson } from '../../kernel/http.js';
import { readAdminUserParams } from '../admin-params.js';
import { adminActor, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { requireAdmin } from '../authenticate.js';
import { withTransaction } from '../db.js';
import { badRequest, unprocessable } from '../errors.js';
import { hashPassword, isSupportedPasswordHash, isTooLong, tooLongError } from '../password.js';
import { readJsonObject } from '../request-body.js';
import { userJson } from '../user-json.js';
import {
  DEFAULT_AUDIENCE,
  DEFAULT_ROLE,
  NIL_UUID,
  confirmEmail,
  findUserById,
  findUserHoldingEmail,
  findUserRowById,
  insertIdentity,
  insertUser,
  mergeAppMetadata,
  phoneTaken,
} from '../user-store.js';
import { isUuid } from '../validation.js';

/** What GoTrue sets when the admin gives no password: 64 random characters nobody knows. */
const GENERATED_PASSWORD_BYTES = 48;

export async function adminCreateUser(call: AuthCall): Promise<void> {
  const { ctx } = call;
  const admin = await requireAdmin(call);
  const params = readAdminUserParams(await readJsonObject(call.req, ctx.config.stack.maxBodyBytes));
  const pool = ctx.pools.auth;
  const aud = params.aud || DEFAULT_AUDIENCE;
  if (params.email === '' && params.phone === '') {
    throw badRequest('validation_failed', 'Cannot create a user without either an email or phone');
  }
  const providers: string[] = [];
  if (params.email !== '') {
    if (await findUserHoldingEmail(pool, params.email, aud)) {
      throw unprocessable('email_exists', 'A user with this email address has already been registered');
    }
    providers.push('email');
  }
  if (params.phone !== '') {
    if (await phoneTaken(pool, params.phone, aud))
      throw unprocessable('phone_exists', 'Phone number already registered by another user');
    providers.push('phone');
  }
  if (params.password !== undefined && params.passwordHash !== '') {
    throw badRequest('validation_failed', 'Only a password or a password hash should be provided');
  }
  if (params.passwordHash !== '' && !isSupportedPasswordHash(params.passwordHash)) {
    throw badRequest('validation_failed', 'Invalid password hash: only bcrypt hashes are supported');
  }
  const password =
    params.password ||
    (params.passwordHash === '' ? randomBytes(GENERATED_PASSWORD_BYTES).toString('base64url') : '');
  if (isTooLong(password)) throw tooLongError();
  if (params.id !== '') {
    if (!isUuid(params.id)) throw badRequest('validation_failed', 'ID must conform to the uuid v4 format');
    if (params.id === NIL_UUID) throw badRequest('validation_failed', 'ID cannot be a nil uuid');
    if (await findUserRowById(pool, params.id))
      throw unprocessable('user_already_exists', 'A user with this ID already exists');
  }
  const encryptedPassword = params.passwordHash !== '' ? params.passwordHash : await hashPassword(password);
  const id = params.id || randomUUID();

  const created = await withTransaction(pool, async (client) => {
    await insertUser(client, {
      id,
      aud,
      role: params.role || DEFAULT_ROLE,
      email: params.email || null,
      phone: params.phone || null,
      encryptedPassword,
      appMetadata: { provider: providers[0], providers },
      userMetadata: params.userMetadata ?? {},
      emailConfirmed: false,
      phoneConfirmed: params.phoneConfirm,
      isAnonymous: false,
      banSeconds: params.banSeconds,
    });
    for (const provider of providers) {
      const claim = provider === 'email' ? { email: params.email } : { phone: params.phone };
      await insertIdentity(client, {
        userId: id,
        provider,
        providerId: id,
        identityData: { sub: id, ...claim, email_verified: false, phone_verified: false },
      });
    }
    await writeAudit(client, adminActor(admin.role), 'user_signedup', call.ip, {
      user_id: id,
      user_email: params.email,
      user_phone: params.phone,
      provider: providers[0],
    });
    if (params.appMetadata) await mergeAppMetadata(client, id, params.appMetadata);
    if (params.emailConfirm) await confirmEmail(client, id);
    return (await findUserById(client, id))!;
  });
  sendJson(call.res, 200, userJson(created));
}
