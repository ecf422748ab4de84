/**
 * GET /user/identities/authorize and DELETE /user/identities/{id} (supabase-js linkIdentity and
 * unlinkIdentity): manual linking is off, as `[auth] enable_manual_linking` defaults to false in the
 * CLI's config; after GoTrue's requireAuthentication, its requireManualLinkingEnabled answers 404.
 * Identities are linked automatically by verified email at sign-in (account.ts).
 */
import type { AuthCall } from '../auth-call.js';
import { requireUser } from '../authenticate.js';
import { notFound } from '../errors.js';

export async function manualLinking(call: AuthCall): Promise<void> {
  await requireUser(call);
  throw notFound('manual_linking_disabled', 'Manual linking is disabled');
}
