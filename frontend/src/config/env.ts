/**
 * Where the backend is. The stack's web server writes this installation's URL and publishable key
 * into `<meta name="cti-runtime-config">` on every response, so one build serves any installation;
 * `vite dev` and unit tests fall back to VITE_ variables.
 */
// Checked by hand: zod is 15 KB compressed, and this module is in every public page's entry.

// zod 4 probes for eval when a module defines an object schema (a CSP violation report on every page);
// the app never needs its JIT. zod reads this global when it first loads, in the platform's chunks.
(globalThis as { __zod_globalConfig?: Record<string, unknown> }).__zod_globalConfig ??= { jitless: true };

export interface AppEnv {
  supabaseUrl: string;
  supabaseAnonKey: string;
  appVersion: string;
}

function isUrl(value: unknown): value is string {
  if (typeof value !== 'string') return false;
  try {
    new URL(value);
    return true;
  } catch {
    return false;
  }
}

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
  const supabaseUrl: unknown = runtime.supabaseUrl ?? import.meta.env.VITE_SUPABASE_URL;
  const supabaseAnonKey: unknown = runtime.supabaseAnonKey ?? import.meta.env.VITE_SUPABASE_ANON_KEY;
  const appVersion: unknown = runtime.appVersion ?? import.meta.env.VITE_APP_VERSION;
  const issues: string[] = [];
  if (!isUrl(supabaseUrl)) issues.push('The backend URL is missing or not a URL');
  if (typeof supabaseAnonKey !== 'string' || supabaseAnonKey.length < 20)
    issues.push('The backend API key is missing');
  if (appVersion !== undefined && typeof appVersion !== 'string') issues.push('The app version is not text');
  if (issues.length > 0) throw new Error(`The app is not configured: ${issues.join('; ')}`);
  return {
    supabaseUrl: supabaseUrl as string,
    supabaseAnonKey: supabaseAnonKey as string,
    appVersion: typeof appVersion === 'string' ? appVersion : '0.1.0',
  };
}
