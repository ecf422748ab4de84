/** POST /logout?scope=global|local|others (GoTrue's Logout): 204 and the sessions are gone. */
import { actorFromUser, writeAudit } from '../audit.js';
import type { AuthCall } from '../auth-call.js';
import { requireUser } from '../authenticate.js';
import { withTransaction } from '../db.js';
import { badRequest } from '../errors.js';
import { endSessions, type LogoutScope } from '../session-store.js';

const SCOPES = new Map<string, LogoutScope>([
  ['', 'global'],
  ['global', 'global'],
  ['local', 'local'],
  ['others', 'others'],
]);

export async function logout(call: AuthCall): Promise<void> {
  const { user, session } = await requireUser(call);
  const requested = call.route.url.searchParams.get('scope') ?? '';
  const scope = SCOPES.get(requested);
  if (!scope) throw badRequest('validation_failed', `Unsupported logout scope "${requested}"`);
  await withTransaction(call.ctx.pools.auth, async (client) => {
    await writeAudit(client, actorFromUser(user.row), 'logout', call.ip);
    await endSessions(client, user.row.id, scope, session?.id);
  });
  call.res.writeHead(204);
  call.res.end();
}
