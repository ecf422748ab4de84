/**
 * The security headers of the web server. They are the real controls behind the spec's meta tags:
 * browsers ignore frame-ancestors, X-Frame-Options, HSTS and most other headers when they come from
 * `<meta http-equiv>` (see shared/reference/security.md §1), so they must be response headers.
 */
import { randomBytes } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import { isTrustedProxy } from '../kernel/client-address.js';

/** 18 random bytes = 144 bits (CSP3 and MDN ask for at least 128), 24 base64 characters, no padding. */
export function newNonce(): string {
  return randomBytes(18).toString('base64');
}

export interface DocumentPolicyOptions {
  nonce: string;
  /** The API the app talks to, e.g. http://127.0.0.1:54321 (its ws:// twin is allowed for realtime). */
  apiUrl: string;
  /**
   * Nonce for styles instead of 'unsafe-inline'. Chakra UI injects its styles at run time through
   * Emotion; Emotion can stamp a nonce on its <style> tags (createCache({ nonce })), but only when the
   * app builds its cache with the nonce from <meta name="csp-nonce">. Until it does, a style nonce
   * would leave the app unstyled, and when a nonce is present browsers ignore 'unsafe-inline'.
   */
  styleNonce?: boolean;
}

/** The websocket origin of an http(s) URL: realtime connects to ws(s)://<api>/realtime/v1. */
export function websocketOrigin(apiUrl: string): string {
  const url = new URL(apiUrl);
  url.protocol = url.protocol === 'https:' ? 'wss:' : 'ws:';
  return url.origin;
}

/** CSP of an HTML document: scripts only through this response's nonce (and what they load). */
export function documentPolicy({ nonce, apiUrl, styleNonce = false }: DocumentPolicyOptions): string {
  const api = new URL(apiUrl).origin;
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}' 'strict-dynamic'`,
    styleNonce ? `style-src 'self' 'nonce-${nonce}'` : "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data: blob:",
    "font-src 'self' data:",
    `connect-src 'self' ${api} ${websocketOrigin(apiUrl)}`,
    "frame-ancestors 'none'",
    "object-src 'none'",
    "base-uri 'none'",
    "form-action 'self'",
  ].join('; ');
}

/**
 * CSP of everything that is not an HTML document (scripts, styles, images, error texts): it only
 * matters when such a file is opened directly (an SVG with a script, a JS file), and then nothing
 * may run, load or frame it.
 */
export const RESOURCE_POLICY =
  "default-src 'none'; frame-ancestors 'none'; base-uri 'none'; form-action 'none'";

/** Powerful features the app never uses, switched off for it and anything it might embed. */
export const PERMISSIONS_POLICY = [
  'accelerometer',
  'autoplay',
  'camera',
  'display-capture',
  'encrypted-media',
  'geolocation',
  'gyroscope',
  'hid',
  'idle-detection',
  'magnetometer',
  'microphone',
  'midi',
  'payment',
  'picture-in-picture',
  'publickey-credentials-get',
  'screen-wake-lock',
  'serial',
  'usb',
  'xr-spatial-tracking',
]
  .map((feature) => `${feature}=()`)
  .join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Headers every response carries, whatever its status or type. */
export function baseSecurityHeaders(tls: boolean): Record<string, string> {
  return {
    'X-Frame-Options': 'DENY',
    'X-Content-Type-Options': 'nosniff',
    // A threat-intelligence tool should not tell external sites which page an analyst came from.
    'Referrer-Policy': 'no-referrer',
    'Permissions-Policy': PERMISSIONS_POLICY,
    'Cross-Origin-Opener-Policy': 'same-origin',
    'Cross-Origin-Resource-Policy': 'same-origin',
    // Browsers ignore HSTS over plain HTTP (RFC 6797 §8.1), and sending it there says nothing true.
    ...(tls ? { 'Strict-Transport-Security': HSTS } : {}),
  };
}

/**
 * Whether the browser reached us over TLS: either this socket is TLS, or a proxy we were told to
 * trust (by peer address or range, [stack] web_trusted_proxies) says so in X-Forwarded-Proto. Anyone
 * else can send that header, so it counts only from a trusted peer.
 */
export function arrivedOverTls(req: IncomingMessage, trustedProxies: readonly string[]): boolean {
  if ((req.socket as { encrypted?: boolean }).encrypted === true) return true;
  if (!isTrustedProxy(req.socket.remoteAddress, trustedProxies)) return false;
  const header = req.headers['x-forwarded-proto'];
  // With a chain of proxies the first value is the one the browser used.
  const first = (Array.isArray(header) ? header[0] : header)?.split(',')[0]?.trim().toLowerCase();
  return first === 'https';
}
