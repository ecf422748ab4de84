/**
 * TOTP factors as GoTrue makes and checks them (pquerna/otp): RFC 6238 with a 30-second step, six
 * digits and HMAC-SHA-1, one step of skew either side, a 20-byte random secret in RFC 4648 base32,
 * and the Key URI Format of Google Authenticator
 * (https://github.com/google/google-authenticator/wiki/Key-Uri-Format) drawn as an SVG QR code.
 */
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

export const TOTP_PERIOD_SECONDS = 30;
const DIGITS = 6;
const SKEW_STEPS = 1;

export interface NewTotp {
  secret: string;
  uri: string;
  /** The SVG document itself: supabase-js prefixes `data:image/svg+xml;utf-8,` as it does for GoTrue. */
  qrCode: string;
}

function totpFor(secret: string, issuer = '', label = ''): TOTP {
  return new TOTP({
    issuer,
    label,
    algorithm: 'SHA1',
    digits: DIGITS,
    period: TOTP_PERIOD_SECONDS,
    secret: Secret.fromBase32(secret),
  });
}

export async function newTotp(issuer: string, accountName: string): Promise<NewTotp> {
  const secret = new Secret({ size: 20 }).base32;
  const uri = totpFor(secret, issuer, accountName).toString();
  // Error correction H, as GoTrue's qr.Encode(key.String(), qr.H, qr.Auto).
  const svg = await QRCode.toString(uri, { type: 'svg', errorCorrectionLevel: 'H', margin: 1 });
  // Colours by name: a raw `#` would end the data URI (`data:image/svg+xml;utf-8,<svg…`) that
  // supabase-js makes of it, and the image would not load.
  const qrCode = svg.replaceAll('"#ffffff"', '"white"').replaceAll('"#000000"', '"black"');
  return { secret, uri, qrCode };
}

export function totpStep(nowMs: number): number {
  return Math.floor(nowMs / 1000 / TOTP_PERIOD_SECONDS);
}

/** The time step the code belongs to (now ±1), or null when it matches none. */
export function matchTotpStep(secret: string, code: string, nowMs = Date.now()): number | null {
  if (!/^[0-9]{6}$/.test(code)) return null;
  const delta = totpFor(secret).validate({ token: code, timestamp: nowMs, window: SKEW_STEPS });
  return delta === null ? null : totpStep(nowMs) + delta;
}

/** The code of a step; for tests and for nothing that leaves the server. */
export function totpCodeAt(secret: string, nowMs: number): string {
  return totpFor(secret).generate({ timestamp: nowMs });
}
