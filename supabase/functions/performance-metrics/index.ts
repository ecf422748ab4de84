// Edge function `performance-metrics`: stores the app's performance reports with the service role.
import { createClient } from '@supabase/supabase-js';
import { allowedOriginsFromEnv } from '../_shared/cors.ts';
import { WindowRateLimiter } from '../_shared/rate-limit.ts';
import { createHandler } from './handler.ts';

const supabase = createClient(Deno.env.get('SUPABASE_URL')!, Deno.env.get('SUPABASE_SERVICE_ROLE_KEY')!, {
  auth: { persistSession: false, autoRefreshToken: false },
});

/** The JWT was verified by the gateway (verify_jwt); only its subject is read here. */
function userIdOf(req: Request): string | null {
  const token = req.headers.get('authorization')?.replace(/^bearer\s+/i, '') ?? '';
  try {
    const payload = JSON.parse(atob(token.split('.')[1]!.replace(/-/g, '+').replace(/_/g, '/'))) as {
      sub?: unknown;
      role?: unknown;
    };
    return payload.role === 'authenticated' && typeof payload.sub === 'string' ? payload.sub : null;
  } catch {
    return null;
  }
}

const handler = createHandler({
  userIdOf,
  limiter: new WindowRateLimiter(30, 60_000),
  allowedOrigins: allowedOriginsFromEnv(
    Deno.env.get('ALLOWED_ORIGINS') ?? 'http://127.0.0.1:4173,http://localhost:4173',
  ),
  store: async (report) => {
    const { error } = await supabase.from('performance_reports').insert(report);
    if (error) throw new Error(`could not store the report: ${error.message}`);
  },
});

Deno.serve(handler);
