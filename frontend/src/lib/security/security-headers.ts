/**
 * The security policy as data: the Content-Security-Policy for the meta tag (only directives that work in
 * <meta>) and the response headers the stack's web server must send. The server (infra/stack) cannot import
 * frontend code, so these values are documented and tested here and mirrored there; keep them in step.
 *
 * Why both: a meta CSP applies only to what comes after it and ignores frame-ancestors, report-uri and
 * sandbox; HSTS and X-Frame-Options in meta are ignored by browsers (reference/security.md §1.1). The real
 * controls are the response headers below.
 */
import { SECURITY_MONITOR } from '@/config/constants';

export type CspDirectives = Record<string, readonly string[]>;

/** Directives that a browser ignores when the policy comes from a <meta> element. */
export const META_IGNORED_DIRECTIVES = ['frame-ancestors', 'report-uri', 'report-to', 'sandbox'] as const;

export interface CspOptions {
  /** The per-response nonce the server injected into the page's scripts (at least 128 bits). */
  nonce?: string;
  /** Extra origins the app connects to (the backend's https and wss origins). */
  connectSources?: readonly string[];
}

/**
 * The app's policy. Styles allow 'unsafe-inline' because Chakra's emotion inserts <style> elements at run
 * time; scripts never do ('self' plus the server's nonce only).
 */
export function cspDirectives({ nonce, connectSources = [] }: CspOptions = {}): CspDirectives {
  return {
    'default-src': ["'self'"],
    'script-src': ["'self'", ...(nonce ? [`'nonce-${nonce}'`] : [])],
    'style-src': ["'self'", "'unsafe-inline'"],
    'img-src': ["'self'", 'data:', 'blob:'],
    'font-src': ["'self'", 'data:'],
    'connect-src': ["'self'", ...connectSources],
    'worker-src': ["'self'", 'blob:'],
    'object-src': ["'none'"],
    'base-uri': ["'none'"],
    'form-action': ["'self'"],
    'frame-src': ["'none'"],
  };
}

export function serializeCsp(directives: CspDirectives): string {
  return Object.entries(directives)
    .map(([name, values]) => (values.length ? `${name} ${values.join(' ')}` : name))
    .join('; ');
}

/** The meta policy: the app's directives minus anything meta cannot carry. */
export function metaCsp(options: CspOptions = {}): string {
  const ignored: readonly string[] = META_IGNORED_DIRECTIVES;
  const directives = Object.entries(cspDirectives(options)).filter(([name]) => !ignored.includes(name));
  return serializeCsp(Object.fromEntries(directives));
}

/** The header policy: the same directives plus frame denial and violation reports. */
export function headerCsp(options: CspOptions & { reportUri?: string } = {}): string {
  return serializeCsp({
    ...cspDirectives(options),
    'frame-ancestors': ["'none'"],
    ...(options.reportUri ? { 'report-uri': [options.reportUri] } : {}),
  });
}

/** Response headers for every HTML response of the app (besides Content-Security-Policy from headerCsp). */
export const SECURITY_HEADERS = {
  /** Only meaningful over TLS; browsers ignore it on plain http and in <meta>. */
  'Strict-Transport-Security': `max-age=${SECURITY_MONITOR.hstsMaxAgeSeconds}; includeSubDomains`,
  'X-Frame-Options': 'DENY',
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'strict-origin-when-cross-origin',
  'Permissions-Policy': 'camera=(), microphone=(), geolocation=(), payment=(), usb=()',
  'Cross-Origin-Opener-Policy': 'same-origin',
} as const;
