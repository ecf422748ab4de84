/**
 * GET /admin/users/{id}/passkeys and DELETE /admin/users/{id}/passkeys/{passkey_id} (GoTrue's
 * passkey_admin.go): an administrator lists or removes a user's passkeys.
 */
import { sendJson } from '../../kernel/http.js';
import { adminActor, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { requireAdmin } from '../authenticate.js';
import { withTransaction } from '../db.js';
import { notFound } from '../errors.js';
import { deletePasskey, findPasskey, listPasskeys, passkeyJson } from '../passkey/passkey-store.js';
import { isUuid } from '../validation.js';
import { loadTargetUser } from './admin-users.js';
import { passkeysOn } from './passkeys.js';

export async function adminListPasskeys(call: AuthCall, userId: string): Promise<void> {
  await passkeysOn(call);
  await requireAdmin(call);
  const { row } = await loadTargetUser(call, userId);
  sendJson(call.res, 200, (await listPasskeys(call.ctx.pools.auth, row.id)).map(passkeyJson));
}

export async function adminDeletePasskey(call: AuthCall, userId: string, passkeyId: string): Promise<void> {
  await passkeysOn(call);
  const admin = await requireAdmin(call);
  const { row } = await loadTargetUser(call, userId);
  const passkey = isUuid(passkeyId) ? await findPasskey(call.ctx.pools.auth, row.id, passkeyId) : undefined;
  if (!passkey) throw notFound('validation_failed', 'Passkey not found');
  await withTransaction(call.ctx.pools.auth, async (client) => {
    await deletePasskey(client, passkey.id);
    await writeAudit(client, adminActor(admin.role), 'passkey_deleted', call.ip, {
      user_id: row.id,
      passkey_id: passkey.id,
    });
  });
  call.res.writeHead(204).end();
}
