// POST {action, ...} → 200 {user, one_time_password?}. The steps, each refusing on its own:
//   1. admin_check_user_action with the caller's token (role, MFA, self and last-admin rules);
//   2. the auth admin API with the service key (create; ban / lift; stamp sessions_revoked_at,
//      which a trigger in the auth service's transaction turns into "every session ended"; a new
//      password). A created or reset account carries password_change_required: its tokens can do
//      nothing but choose a password until its owner has done so (the one-time password is one-time);
//   3. admin_record_user_action with the caller's token: verifies the change, finishes our side and
//      writes the audit row. A user created but not recorded is deleted again.
import { corsHeaders } from '../_shared/cors.ts';
import { jsonResponse } from '../_shared/json-response.ts';
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

export interface HandlerDeps {
  /** Calls a database function with the caller's own token, so the database decides who they are. */
  rpcAsCaller: (token: string, fn: string, args: Record<string, unknown>) => Promise<RpcResult>;
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

function bearer(req: Request): string {
  return req.headers.get('authorization')?.replace(/^bearer\s+/i, '') ?? '';
}

async function readJson(req: Request): Promise<unknown> {
  const text = await req.text();
  if (new TextEncoder().encode(text).length > MAX_BODY_BYTES) throw new RangeError('too large');
  return JSON.parse(text);
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
    if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
    if (req.method !== 'POST') {
      return jsonResponse(
        405,
        { error: 'method_not_allowed', message: 'Use POST' },
        { ...cors, Allow: 'POST, OPTIONS' },
      );
    }
    const token = bearer(req);
    if (token === '') return jsonResponse(401, { error: 'unauthorized', message: 'Sign in first' }, cors);
    let json: unknown;
    try {
      json = await readJson(req);
    } catch {
      return jsonResponse(
        400,
        { error: 'invalid_json', message: 'The body is not valid JSON (at most 4 KB)' },
        cors,
      );
    }
    const parsed = userActionSchema.safeParse(json);
    if (!parsed.success) {
      return jsonResponse(
        400,
        { error: 'invalid_request', message: 'The request does not have the expected shape' },
        cors,
      );
    }
    const action = parsed.data;
    const userId = action.action === 'create' ? null : action.user_id;

    const check = await deps.rpcAsCaller(token, 'admin_check_user_action', {
      _action: action.action,
      _user_id: userId,
      _email: action.action === 'create' ? action.email : null,
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
      _role: action.action === 'create' ? action.role : null,
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
