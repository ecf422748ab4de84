/** GET /admin/users and GET/DELETE /admin/users/{id} (GoTrue's adminUsers, adminUserGet, adminUserDelete). */
import { sendJson } from '../../kernel/http.js';
import { adminActor, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { requireAdmin } from '../authenticate.js';
import { withTransaction } from '../db.js';
import { badRequest, notFound } from '../errors.js';
import { paginationLinks, parsePagination } from '../pagination.js';
import { optionalBoolean, readJsonObject } from '../request-body.js';
import { softDeleteUser } from '../soft-delete.js';
import type { UserRecord } from '../user-json.js';
import { userJson } from '../user-json.js';
import { DEFAULT_AUDIENCE, findUserById, findUsersByIds } from '../user-store.js';
import { isUuid } from '../validation.js';

/** GoTrue's loadUser middleware: 404 for a malformed or unknown id. */
export async function loadTargetUser(call: AuthCall, id: string): Promise<UserRecord> {
  if (!isUuid(id)) throw notFound('validation_failed', 'user_id must be an UUID');
  const user = await findUserById(call.ctx.pools.auth, id);
  if (!user) throw notFound('user_not_found', 'User not found');
  return user;
}

export async function adminListUsers(call: AuthCall): Promise<void> {
  await requireAdmin(call);
  const query = call.route.url.searchParams;
  const page = parsePagination(query);
  if (typeof page === 'string') throw badRequest('validation_failed', `Bad Pagination Parameters: ${page}`);
  const filter = query.get('filter') ?? '';
  const pool = call.ctx.pools.auth;
  const like = `%${filter}%`;
  const where = `aud = $1 and ($2 = '' or email like $3 or raw_user_meta_data->>'full_name' ilike $3)`;
  const { rows: countRows } = await pool.query<{ count: string }>(
    `select count(*) from auth.users where ${where}`,
    [DEFAULT_AUDIENCE, filter, like],
  );
  const total = Number(countRows[0]!.count);
  const { rows } = await pool.query<{ id: string }>(
    `select id from auth.users where ${where} order by created_at desc, id limit $4 offset $5`,
    [DEFAULT_AUDIENCE, filter, like, page.perPage, (page.page - 1) * page.perPage],
  );
  const users = (
    await findUsersByIds(
      pool,
      rows.map((r) => r.id),
    )
  ).map(userJson);
  sendJson(
    call.res,
    200,
    { users, aud: DEFAULT_AUDIENCE },
    {
      'X-Total-Count': String(total),
      Link: paginationLinks(`/admin/users`, query, page, total),
    },
  );
}

export async function adminGetUser(call: AuthCall, id: string): Promise<void> {
  await requireAdmin(call);
  sendJson(call.res, 200, userJson(await loadTargetUser(call, id)));
}

export async function adminDeleteUser(call: AuthCall, id: string): Promise<void> {
  const admin = await requireAdmin(call);
  const { row } = await loadTargetUser(call, id);
  const body = await readJsonObject(call.req, call.ctx.config.stack.maxBodyBytes, true);
  const soft = optionalBoolean(body, 'should_soft_delete') ?? false;
  await withTransaction(call.ctx.pools.auth, async (client) => {
    await writeAudit(client, adminActor(admin.role), 'user_deleted', call.ip, {
      user_id: row.id,
      user_email: row.email ?? '',
      user_phone: row.phone ?? '',
    });
    if (!soft) {
      await client.query(`delete from auth.users where id = $1`, [row.id]);
    } else if (row.deleted_at === null) {
      await softDeleteUser(client, row);
    }
  });
  sendJson(call.res, 200, {});
}
