/**
 * Where the backend is. The stack's web server writes this installation's URL and publishable key
 * into `<meta name="cti-runtime-config">` on every response, so one build serves any installation;
 * `vite dev` and unit tests fall back to VITE_ variables.
 */
// zod/mini: the same checks in a fraction of the code the public pages download.
import { z } from 'zod/mini';

// zod 4 probes for eval at load (a CSP violation report on every page); the app never needs its JIT.
z.config({ jitless: true });

const envSchema = z.object({
  supabaseUrl: z.url({ error: 'The backend URL is missing or not a URL' }),
  supabaseAnonKey: z.string().check(z.minLength(20, { error: 'The backend API key is missing' })),
  appVersion: z._default(z.string(), '0.1.0'),
});

export type AppEnv = z.infer<typeof envSchema>;

function readRuntimeConfig(): Record<string, unknown> {
  const content = document.querySelector<HTMLMetaElement>('meta[name="cti-runtime-config"]')?.content;
  if (!content) return {};
  try {
    return JSON.parse(content) as Record<string, unknown>;
  } catch {
    return {};
  }
}

export function loadEnv(): AppEnv {
  const runtime = readRuntimeConfig();
  const parsed = envSchema.safeParse({
    supabaseUrl: runtime.supabaseUrl ?? import.meta.env.VITE_SUPABASE_URL,
    supabaseAnonKey: runtime.supabaseAnonKey ?? import.meta.env.VITE_SUPABASE_ANON_KEY,
    appVersion: runtime.appVersion ?? import.meta.env.VITE_APP_VERSION,
  });
  if (!parsed.success) {
    throw new Error(`The app is not configured: ${parsed.error.issues.map((i) => i.message).join('; ')}`);
  }
  return parsed.data;
}
