// POST {action, ...} → 200 {user, one_time_password?}. The steps, each refusing on its own:
//   1. admin_check_user_action with the caller's token (role, MFA, self and last-admin rules);
//   2. the auth admin API with the service key (create; ban / lift; stamp sessions_revoked_at,
//      which a trigger in the auth service's transaction turns into "every session ended"; a new
//      password). A created or reset account carries password_change_required: its tokens can do
//      nothing but choose a password until its owner has done so (the one-time password is one-time);
//   3. admin_record_user_action with the caller's token: verifies the change, finishes our side and
//      writes the audit row. A user created but not recorded is deleted again.
import { bearerToken } from '../_shared/caller.ts';
import { corsHeaders } from '../_shared/cors.ts';
import type { Database } from '../../types/database.types.ts';
import { jsonResponse } from '../_shared/json-response.ts';
import { checkShape, preflight, readJsonBody } from '../_shared/request.ts';
import { generateOneTimePassword } from './password.ts';
import { type UserAction, userActionSchema } from './schema.ts';

export const MAX_BODY_BYTES = 4 * 1024;
/** GoTrue's ban for "until enabled again": a century. */
export const DISABLED_BAN = '876000h';

export interface RpcError {
  code?: string;
  message: string;
}

export interface RpcResult {
  data: unknown;
  error: RpcError | null;
}

export class AuthAdminError extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

export interface AuthAdmin {
  createUser(input: {
    email: string;
    password: string;
    displayName?: string;
    appMetadata: Record<string, unknown>;
  }): Promise<string>;
  updateUser(
    id: string,
    attributes: { ban_duration?: string; password?: string; app_metadata?: Record<string, unknown> },
  ): Promise<void>;
  deleteUser(id: string): Promise<void>;
}

/** The database functions this function calls as its caller, with their arguments' types. */
export type CallerRpc = 'admin_check_user_action' | 'admin_record_user_action';
type RpcArgs<F extends CallerRpc> = Database['public']['Functions'][F]['Args'];

export interface HandlerDeps {
  /** Calls a database function with the caller's own token, so the database decides who they are. */
  rpcAsCaller: <F extends CallerRpc>(token: string, fn: F, args: RpcArgs<F>) => Promise<RpcResult>;
  authAdmin: AuthAdmin;
  allowedOrigins: readonly string[];
  generatePassword?: () => string;
  now?: () => Date;
}

const STATUS_OF_SQLSTATE: Record<string, number> = { '42501': 403, '22023': 400, '23505': 409, '23514': 409 };

function refusal(error: RpcError, cors: Record<string, string>): Response {
  const status = STATUS_OF_SQLSTATE[error.code ?? ''] ?? 500;
  return jsonResponse(status, { error: error.code ?? 'error', message: error.message }, cors);
}

/** The app_metadata flag the auth service reads (infra/stack/src/auth/password-change.ts). */
export const MUST_CHOOSE_PASSWORD = { password_change_required: true } as const;

/** The actions that hand the administrator a one-time password to pass on. */
const GIVES_PASSWORD = new Set<UserAction['action']>(['create', 'reset_password']);

/** Step 2: what the auth service does; returns the target user's id. */
async function performInAuth(deps: HandlerDeps, action: UserAction, password: string): Promise<string> {
  const now = () => (deps.now?.() ?? new Date()).toISOString();
  switch (action.action) {
    case 'create':
      return deps.authAdmin.createUser({
        email: action.email.toLowerCase(),
        password,
        displayName: action.display_name,
        appMetadata: MUST_CHOOSE_PASSWORD,
      });
    case 'reset_password':
      // One update: the new password, the flag, and the revocation that ends every session.
      await deps.authAdmin.updateUser(action.user_id, {
        password,
        app_metadata: { ...MUST_CHOOSE_PASSWORD, sessions_revoked_at: now() },
      });
      return action.user_id;
    case 'disable':
      await deps.authAdmin.updateUser(action.user_id, { ban_duration: DISABLED_BAN });
      return action.user_id;
    case 'enable':
      await deps.authAdmin.updateUser(action.user_id, { ban_duration: 'none' });
      return action.user_id;
    case 'sign_out':
      await deps.authAdmin.updateUser(action.user_id, { app_metadata: { sessions_revoked_at: now() } });
      return action.user_id;
  }
}

export function createHandler(deps: HandlerDeps): (req: Request) => Promise<Response> {
  return async (req) => {
    const cors = {
      ...corsHeaders(req.headers.get('origin'), deps.allowedOrigins),
      'Cache-Control': 'no-store',
    };
    const refused = preflight(req, 'POST', cors);
    if (refused) return refused;
    const token = bearerToken(req);
    if (token === '') return jsonResponse(401, { error: 'unauthorized', message: 'Sign in first' }, cors);
    const body = await readJsonBody(req, { maxBytes: MAX_BODY_BYTES, cors });
    if (!body.ok) return body.response;
    const parsed = checkShape(userActionSchema, body.value, cors, {
      error: 'invalid_request',
      message: 'The request does not have the expected shape',
    });
    if (!parsed.ok) return parsed.response;
    const action = parsed.value;
    // An argument left out takes the database function's default (null).
    const check = await deps.rpcAsCaller(token, 'admin_check_user_action', {
      _action: action.action,
      ...(action.action === 'create' ? { _email: action.email } : { _user_id: action.user_id }),
    });
    if (check.error) return refusal(check.error, cors);

    const givesPassword = GIVES_PASSWORD.has(action.action);
    const password = givesPassword ? (deps.generatePassword ?? generateOneTimePassword)() : '';
    let targetId: string;
    try {
      targetId = await performInAuth(deps, action, password);
    } catch (error) {
      if (error instanceof AuthAdminError) {
        return jsonResponse(
          error.status >= 500 ? 502 : error.status,
          { error: 'auth_refused', message: error.message },
          cors,
        );
      }
      throw error;
    }

    const record = await deps.rpcAsCaller(token, 'admin_record_user_action', {
      _action: action.action,
      _user_id: targetId,
      ...(action.action === 'create' ? { _role: action.role } : {}),
    });
    if (record.error) {
      // Nobody may exist without the audit row of their creation.
      if (action.action === 'create') await deps.authAdmin.deleteUser(targetId);
      return refusal(record.error, cors);
    }
    const user = Array.isArray(record.data) ? record.data[0] : record.data;
    return jsonResponse(200, givesPassword ? { user, one_time_password: password } : { user }, cors);
  };
}
