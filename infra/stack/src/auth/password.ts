/**
 * Passwords as GoTrue handles them: bcrypt at Go's default cost 10 with the `$2a$` prefix Go
 * writes, verification of any bcrypt prefix and cost (pgcrypto seeds give `$2a$06$`), the
 * 72-byte bcrypt limit, and the strength rules of `[auth] minimum_password_length` and
 * `password_requirements` with GoTrue's messages and reasons.
 */
import { hash, parseOptions, verify } from '@node-rs/bcrypt';
import { bcryptSlots } from './bcrypt-slots.js';
import type { AuthApiError } from './errors.js';
import { badRequest, weakPassword } from './errors.js';

export const BCRYPT_COST = 10;
export const MAX_PASSWORD_BYTES = 72;

const LOWER = 'abcdefghijklmnopqrstuvwxyz';
const UPPER = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
const DIGITS = '0123456789';
const SYMBOLS = '!@#$%^&*()_+-=[]{};\'\\:"|<>?,./`~';

/** The character sets the CLI passes to GoTrue for each `password_requirements` value. */
export const REQUIRED_CHARACTER_SETS: Record<string, string[]> = {
  '': [],
  letters_digits: [LOWER + UPPER, DIGITS],
  lower_upper_letters_digits: [LOWER, UPPER, DIGITS],
  lower_upper_letters_digits_symbols: [LOWER, UPPER, DIGITS, SYMBOLS],
};

export interface PasswordPolicy {
  minimumLength: number;
  requirements: string;
}

export interface PasswordWeakness {
  message: string;
  reasons: string[];
}

export function isTooLong(password: string): boolean {
  return Buffer.byteLength(password, 'utf8') > MAX_PASSWORD_BYTES;
}

export function tooLongError(): AuthApiError {
  return badRequest('validation_failed', `Password cannot be longer than ${MAX_PASSWORD_BYTES} characters`);
}

/** Strength problems of a password, or undefined when it satisfies the policy. */
export function findWeakness(password: string, policy: PasswordPolicy): PasswordWeakness | undefined {
  const messages: string[] = [];
  const reasons: string[] = [];
  // GoTrue counts bytes (Go len), so multi-byte characters count several times.
  if (Buffer.byteLength(password, 'utf8') < policy.minimumLength) {
    reasons.push('length');
    messages.push(`Password should be at least ${policy.minimumLength} characters.`);
  }
  const sets = REQUIRED_CHARACTER_SETS[policy.requirements] ?? [];
  if (sets.some((set) => ![...password].some((char) => set.includes(char)))) {
    reasons.push('characters');
    messages.push(`Password should contain at least one character of each: ${sets.join(', ')}.`);
  }
  return reasons.length > 0 ? { message: messages.join(' '), reasons } : undefined;
}

/** Throws the error GoTrue gives when a new password is too long or too weak. */
export function assertAcceptablePassword(password: string, policy: PasswordPolicy): void {
  if (isTooLong(password)) throw tooLongError();
  const weakness = findWeakness(password, policy);
  if (weakness) throw weakPassword(weakness.message, weakness.reasons);
}

export async function hashPassword(password: string): Promise<string> {
  return bcryptSlots.run(() => hash(password, { cost: BCRYPT_COST, version: '2a' }));
}

/** False for a wrong password, a missing hash or a hash that is not bcrypt. */
export async function verifyPassword(password: string, encryptedPassword: string | null): Promise<boolean> {
  if (!encryptedPassword || !encryptedPassword.startsWith('$2') || isTooLong(password)) return false;
  return bcryptSlots.run(() => verify(password, encryptedPassword));
}

let dummyHash: Promise<string> | undefined;

/**
 * Spends the time of one bcrypt check when there is no user to check against, so that the
 * response time of a login does not tell whether the address has an account.
 */
export async function spendPasswordCheck(password: string): Promise<void> {
  dummyHash ??= hashPassword('timing-equaliser-not-a-password');
  await verifyPassword(password, await dummyHash);
}

/** Whether an imported `password_hash` is a bcrypt hash this server can verify later. */
export function isSupportedPasswordHash(value: string): boolean {
  if (!value.startsWith('$2')) return false;
  try {
    parseOptions(value);
    return true;
  } catch {
    return false;
  }
}
