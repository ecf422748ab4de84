/** Input checks with GoTrue's rules and messages (email format, uuids, Go durations). */
import { badRequest } from './errors.js';

// The format check of github.com/badoux/checkmail, which GoTrue uses.
const EMAIL_FORMAT =
  /^[a-zA-Z0-9.!#$%&'*+/=?^_`{|}~-]+@[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?(?:\.[a-zA-Z0-9](?:[a-zA-Z0-9-]{0,61}[a-zA-Z0-9])?)*$/;

const MAX_EMAIL_LENGTH = 255;

/** Returns the email lower-cased, as GoTrue stores it, or throws validation_failed. */
export function validateEmail(email: string): string {
  if (email === '') throw badRequest('validation_failed', 'An email address is required');
  if (email.length > MAX_EMAIL_LENGTH) throw badRequest('validation_failed', 'An email address is too long');
  if (!EMAIL_FORMAT.test(email))
    throw badRequest('validation_failed', 'Unable to validate email address: invalid format');
  return email.toLowerCase();
}

const UUID_FORMAT = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

export function isUuid(value: string): boolean {
  return UUID_FORMAT.test(value);
}

const GO_DURATION_UNITS: Record<string, number> = {
  ns: 1e-9,
  us: 1e-6,
  µs: 1e-6,
  μs: 1e-6,
  ms: 1e-3,
  s: 1,
  m: 60,
  h: 3600,
};

/** Go's `time.ParseDuration`, in seconds: "24h", "1h30m", "-1.5h", "0". Undefined if invalid. */
export function parseGoDuration(text: string): number | undefined {
  const match = /^([-+]?)(.*)$/.exec(text)!;
  const sign = match[1] === '-' ? -1 : 1;
  const body = match[2]!;
  if (body === '0') return 0;
  if (body === '') return undefined;
  const parts = [...body.matchAll(/(\d+\.?\d*|\.\d+)(ns|us|µs|μs|ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== body) return undefined;
  return sign * parts.reduce((total, p) => total + Number(p[1]) * GO_DURATION_UNITS[p[2]!]!, 0);
}

/** `ban_duration` of the admin API: "none" lifts a ban; undefined when the field is absent. */
export function parseBanDuration(value: string | undefined): number | undefined {
  if (value === undefined || value === '') return undefined;
  if (value === 'none') return 0;
  const seconds = parseGoDuration(value);
  if (seconds === undefined) {
    throw badRequest(
      'validation_failed',
      `invalid format for ban duration: time: invalid duration "${value}"`,
    );
  }
  return seconds;
}

/**
 * GoTrue's validatePhone: "+" and spaces dropped, then E.164 digits (a leading non-zero, at most 15
 * digits); returns the number as GoTrue stores it.
 */
export function validatePhone(phone: string): string {
  const formatted = phone.replace(/^\+/, '').replaceAll(' ', '');
  if (!/^[1-9]\d{1,14}$/.test(formatted))
    throw badRequest('validation_failed', 'Invalid phone number format (E.164 required)');
  return formatted;
}
