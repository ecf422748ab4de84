/**
 * Links in auth's mails and where they may lead. GoTrue's shape:
 * `<API>/auth/v1/verify?token=<token hash>&type=<type>&redirect_to=<allowed URL>`; the hash is
 * GoTrue's crypto.GenerateTokenHash (SHA-224 of email and code, confirmation.ts `tokenHash`), and
 * only the hash is stored (users.*_token and auth.one_time_tokens), so a database reader learns no
 * usable code.
 */
import type { AuthConfig } from '../../config/project-config.js';
import type { AuthCall } from '../auth-call.js';

/** A URL glob of `additional_redirect_urls` (GoTrue matches them with gobwas/glob, `*` not crossing `.` or `/`). */
function globMatches(pattern: string, url: string): boolean {
  const source = pattern
    .split(/(\*\*|\*|\?)/)
    .map((part) =>
      part === '**'
        ? '.*'
        : part === '*'
          ? '[^./]*'
          : part === '?'
            ? '[^./]'
            : part.replace(/[.+^${}()|[\]\\]/g, '\\$&'),
    )
    .join('');
  return new RegExp(`^${source}$`).test(url);
}

/**
 * GoTrue's redirect allow list: the site URL's host, an entry of `additional_redirect_urls` (exact
 * or glob), and (kept from this stack's earlier rule) loopback addresses. Anything else falls back
 * to the site URL, never to the requested host.
 */
export function allowedRedirect(
  requested: string | null | undefined,
  auth: Pick<AuthConfig, 'siteUrl' | 'additionalRedirectUrls'>,
): string {
  if (!requested) return auth.siteUrl;
  try {
    const target = new URL(requested);
    if (target.protocol !== 'http:' && target.protocol !== 'https:') return auth.siteUrl;
    const site = new URL(auth.siteUrl);
    const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(target.hostname);
    if (target.hostname === site.hostname || loopback) return requested;
    if (auth.additionalRedirectUrls.some((entry) => entry === requested || globMatches(entry, requested)))
      return requested;
  } catch {
    // not a URL: fall through to the site URL
  }
  return auth.siteUrl;
}

/** `redirect_to` of the request: the query parameter supabase-js sends, else the body's. */
export function requestedRedirect(call: AuthCall, body?: Record<string, unknown>): string {
  const fromQuery = call.route.url.searchParams.get('redirect_to');
  const fromBody = typeof body?.redirect_to === 'string' ? body.redirect_to : undefined;
  return allowedRedirect(fromQuery ?? fromBody, call.ctx.config.auth);
}

export function verifyLink(call: AuthCall, hash: string, type: string, redirectTo: string): string {
  const params = new URLSearchParams({ token: hash, type, redirect_to: redirectTo });
  return `${call.issuer}/verify?${params.toString()}`;
}
