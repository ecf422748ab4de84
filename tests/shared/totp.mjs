// RFC 6238 TOTP (SHA-1, 6 digits, 30-second steps) as an authenticator app computes it, to drive the
// admin second factor from every test suite and script. Plain JavaScript with its types beside it
// (totp.d.mts): the intel package's rootDir admits declaration files from outside, not sources.
import { createHmac, randomBytes } from 'node:crypto';

export const TOTP_STEP_SECONDS = 30;
const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';

export function newTotpSecret() {
  // 256 is a multiple of 32, so every character is equally likely.
  return Array.from(randomBytes(32), (byte) => BASE32[byte % 32]).join('');
}

function base32Decode(secret) {
  let bits = 0;
  let value = 0;
  const bytes = [];
  for (const char of secret.replace(/=+$/, '').toUpperCase()) {
    const index = BASE32.indexOf(char);
    if (index < 0) throw new Error(`Not a base32 character: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      bytes.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(bytes);
}

export function totpStep(timeMs = Date.now()) {
  return Math.floor(timeMs / 1000 / TOTP_STEP_SECONDS);
}

export function totpCode(secret, step) {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const digest = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = digest[digest.length - 1] & 0x0f;
  return String((digest.readUInt32BE(offset) & 0x7fffffff) % 1_000_000).padStart(6, '0');
}

export function wrongCode(secret, step = totpStep()) {
  const valid = new Set([step - 1, step, step + 1, step + 2].map((s) => totpCode(secret, s)));
  for (let n = 123456; ; n = (n + 7919) % 1_000_000) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

export async function awayFromStepEdge(marginSeconds = 3) {
  const intoStep = (Date.now() / 1000) % TOTP_STEP_SECONDS;
  if (TOTP_STEP_SECONDS - intoStep < marginSeconds) {
    await new Promise((resolve) => setTimeout(resolve, (TOTP_STEP_SECONDS - intoStep + 0.2) * 1000));
  }
}

export function secretFromOtpauthUri(uri) {
  const secret = new URL(uri).searchParams.get('secret');
  if (!secret) throw new Error(`No secret in ${uri}`);
  return secret;
}
