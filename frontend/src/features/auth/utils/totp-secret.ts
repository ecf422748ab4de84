/**
 * The admin TOTP secret is generated in the browser (SPEC §5): 32 base32 characters = 160 bits, the
 * RFC 4226 recommendation. Each character takes the low 5 bits of one random byte; 256 is a multiple of 32,
 * so every character is equally likely.
 */
import { TOTP } from '@/config/constants';
import { PRODUCT } from '@/config/constants';

export const BASE32_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** What the server checks codes with (RFC 6238 defaults); the URI tells the authenticator app. */
export const TOTP_PARAMETERS = { algorithm: 'SHA1', digits: 6, periodSeconds: 30 } as const;
export const TOTP_ISSUER = PRODUCT.name;

export function generateTotpSecret(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(TOTP.secretLength));
  return Array.from(bytes, (byte) => BASE32_ALPHABET[byte & 31]).join('');
}

/** Key URI for authenticator apps: otpauth://totp/<issuer>:<account>?secret=…&issuer=…&algorithm=…&digits=…&period=… */
export function buildOtpauthUri(account: string, secret: string, issuer: string = TOTP_ISSUER): string {
  const query = [
    `secret=${secret}`,
    `issuer=${encodeURIComponent(issuer)}`,
    `algorithm=${TOTP_PARAMETERS.algorithm}`,
    `digits=${TOTP_PARAMETERS.digits}`,
    `period=${TOTP_PARAMETERS.periodSeconds}`,
  ].join('&');
  return `otpauth://totp/${encodeURIComponent(issuer)}:${encodeURIComponent(account)}?${query}`;
}
