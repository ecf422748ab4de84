/** RFC 6238 TOTP (SHA-1, 30 s, 6 digits) computed in Node, to drive the admin second factor. */
import { createHmac, randomBytes } from 'node:crypto';

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
export const TOTP_STEP_SECONDS = 30;

/** A fresh 32-character base32 secret (160 bits), as the app generates it. */
export function newTotpSecret(): string {
  return [...randomBytes(32)].map((b) => ALPHABET[b % 32]).join('');
}

export function base32Decode(input: string): Buffer {
  let bits = 0;
  let value = 0;
  const out: number[] = [];
  for (const char of input.replace(/=+$/, '').toUpperCase()) {
    const index = ALPHABET.indexOf(char);
    if (index < 0) throw new Error(`Not base32: ${char}`);
    value = (value << 5) | index;
    bits += 5;
    if (bits >= 8) {
      out.push((value >>> (bits - 8)) & 0xff);
      bits -= 8;
    }
  }
  return Buffer.from(out);
}

export function currentStep(nowMs = Date.now()): number {
  return Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS);
}

/** The 6-digit code of `secret` (base32) for time step `step`. */
export function totpCode(secret: string, step: number): string {
  const counter = Buffer.alloc(8);
  counter.writeBigUInt64BE(BigInt(step));
  const mac = createHmac('sha1', base32Decode(secret)).update(counter).digest();
  const offset = mac[mac.length - 1]! & 0x0f;
  const binary = mac.readUInt32BE(offset) & 0x7fffffff;
  return String(binary % 1_000_000).padStart(6, '0');
}

/** A 6-digit code that is valid for none of the steps the server accepts now (s-1..s+1). */
export function wrongCode(secret: string, step = currentStep()): string {
  const valid = new Set([step - 1, step, step + 1, step + 2].map((s) => totpCode(secret, s)));
  for (let n = 123456; ; n = (n + 7919) % 1_000_000) {
    const candidate = String(n).padStart(6, '0');
    if (!valid.has(candidate)) return candidate;
  }
}

/** Waits until at least `marginSeconds` remain in the current step, so a code stays valid. */
export async function awayFromStepEdge(marginSeconds = 3): Promise<void> {
  const intoStep = (Date.now() / 1000) % TOTP_STEP_SECONDS;
  if (TOTP_STEP_SECONDS - intoStep < marginSeconds) {
    await new Promise((r) => setTimeout(r, (TOTP_STEP_SECONDS - intoStep + 0.2) * 1000));
  }
}
