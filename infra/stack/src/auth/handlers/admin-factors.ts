/** GET /admin/users/{id}/factors and DELETE /admin/users/{id}/factors/{factor_id} (GoTrue's admin.go). */
import { sendJson } from '../../kernel/http.js';
import { adminActor, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { requireAdmin } from '../authenticate.js';
import { withTransaction } from '../db.js';
import { notFound } from '../errors.js';
import { factorJson } from '../mfa/factor-json.js';
import { deleteFactorAndDowngrade, findOwnedFactor, listFactors } from '../mfa/factor-store.js';
import { isUuid } from '../validation.js';
import { loadTargetUser } from './admin-users.js';

export async function adminListFactors(call: AuthCall, userId: string): Promise<void> {
  await requireAdmin(call);
  const { row } = await loadTargetUser(call, userId);
  sendJson(call.res, 200, (await listFactors(call.ctx.pools.auth, row.id)).map(factorJson));
}

export async function adminDeleteFactor(call: AuthCall, userId: string, factorId: string): Promise<void> {
  const admin = await requireAdmin(call);
  const { row } = await loadTargetUser(call, userId);
  if (!isUuid(factorId)) throw notFound('validation_failed', 'factor_id must be an UUID');
  const factor = await findOwnedFactor(call.ctx.pools.auth, row.id, factorId);
  if (!factor) throw notFound('mfa_factor_not_found', 'Factor not found');
  await withTransaction(call.ctx.pools.auth, async (client) => {
    await writeAudit(client, adminActor(admin.role), 'factor_deleted', call.ip, {
      user_id: row.id,
      factor_id: factor.id,
    });
    await deleteFactorAndDowngrade(client, factor);
  });
  sendJson(call.res, 200, factorJson(factor));
}
