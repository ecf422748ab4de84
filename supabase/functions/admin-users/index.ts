// Edge function `admin-users`: the user actions only the auth service can perform (create, disable,
// enable, sign out everywhere, reset a password), for administrators with a verified second factor. The service key
// stays here; the database decides, from the caller's own token, whether the caller may act.
import { createClient } from '@supabase/supabase-js';
import { clientAs } from '../_shared/caller.ts';
import { allowedOriginsFromEnv } from '../_shared/cors.ts';
import { AuthAdminError, createHandler } from './handler.ts';

const url = Deno.env.get('SUPABASE_URL')!;
const serviceKey = Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!;
const service = createClient(url, serviceKey, {
  auth: { persistSession: false, autoRefreshToken: false },
});

function authError(error: { status?: number; message: string } | null): void {
  if (error) throw new AuthAdminError(error.status ?? 500, error.message);
}

const handler = createHandler({
  allowedOrigins: allowedOriginsFromEnv(
    Deno.env.get('ALLOWED_ORIGINS') ?? 'http://127.0.0.1:4173,http://localhost:4173',
  ),
  rpcAsCaller: async (token, fn, args) => {
    const { data, error } = await clientAs(token).rpc(fn, args);
    return { data, error: error ? { code: error.code, message: error.message } : null };
  },
  authAdmin: {
    createUser: async ({ email, password, displayName, appMetadata }) => {
      const { data, error } = await service.auth.admin.createUser({
        email,
        password,
        email_confirm: true,
        app_metadata: appMetadata,
        user_metadata: displayName ? { display_name: displayName } : {},
      });
      authError(error);
      return data.user!.id;
    },
    updateUser: async (id, attributes) => {
      const { error } = await service.auth.admin.updateUserById(id, attributes);
      authError(error);
    },
    deleteUser: async (id) => {
      const { error } = await service.auth.admin.deleteUser(id);
      authError(error);
    },
  },
});

Deno.serve(handler);
