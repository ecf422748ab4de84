import { describe, expect, it } from 'vitest';
import {
  CONSOLE_SENSITIVE_FIELDS,
  LOGGER_SENSITIVE_FIELDS,
  REDACTED,
  isSensitiveField,
  redactText,
  redactValue,
} from './redact';

describe('redactText', () => {
  it.each([
    ['password=hunter2 for login', 'hunter2'],
    ['{"access_token":"abc.def.ghi"}', 'abc.def.ghi'],
    ['apiKey: sk_live_1234567890', 'sk_live_1234567890'],
    ['Authorization: Bearer abcdefghijklmnop', 'abcdefghijklmnop'],
    ['token eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiIxIn0.c2lnbmF0dXJl leaked', 'eyJhbGciOiJIUzI1NiJ9'],
    ["secret='s3cr3t value'", 's3cr3t value'],
  ])('drops the secret value in %j', (input, secret) => {
    const result = redactText(input);
    expect(result.text).not.toContain(secret);
    expect(result.changed).toBe(true);
  });

  it('replaces SQL statements and script tags', () => {
    const result = redactText(
      "q=' UNION SELECT name FROM users; -- <script>alert(1)</script> <SCRIPT src=x>",
    );
    expect(result.text).not.toMatch(/union\s+select/i);
    expect(result.text).not.toMatch(/<\s*script/i);
    expect(result.text).toContain('[SQL]');
    expect(result.text).toContain('[SCRIPT]');
  });

  it.each(['auth_refresh_error: Invalid Refresh Token', 'keyId=42', 'token refresh failed'])(
    'keeps %j, whose name does not end in a secret word',
    (text) => expect(redactText(text)).toEqual({ text, changed: false }),
  );

  it('keeps ordinary sentences that merely contain SQL words', () => {
    const text = 'Failed to update alert status; select a different filter';
    expect(redactText(text)).toEqual({ text, changed: false });
  });

  it('handles a very long word quickly (no catastrophic backtracking)', () => {
    const started = performance.now();
    redactText('a'.repeat(50_000) + 'key');
    expect(performance.now() - started).toBeLessThan(1000);
  });
});

describe('field names', () => {
  it.each(['password', 'userPassword', 'refresh_token', 'API-KEY', 'Authorization', 'clientSecret'])(
    '%s is sensitive for the logger',
    (name) => expect(isSensitiveField(name, LOGGER_SENSITIVE_FIELDS)).toBe(true),
  );

  it.each(['email', 'userId', 'user_id', 'sessionId', 'jwt'])(
    '%s is hidden from the console only',
    (name) => {
      expect(isSensitiveField(name, CONSOLE_SENSITIVE_FIELDS)).toBe(true);
      expect(isSensitiveField(name, LOGGER_SENSITIVE_FIELDS)).toBe(false);
    },
  );

  it('keeps ordinary fields', () => {
    expect(isSensitiveField('status', CONSOLE_SENSITIVE_FIELDS)).toBe(false);
  });
});

describe('redactValue', () => {
  it('redacts nested fields, arrays and strings, and reports the change', () => {
    const tracker = { changed: false };
    const out = redactValue(
      { user: { email: 'a@b.c', name: 'Ann' }, items: [{ token: 't' }], note: 'password=x' },
      CONSOLE_SENSITIVE_FIELDS,
      tracker,
    );
    expect(out).toEqual({
      user: { email: REDACTED, name: 'Ann' },
      items: [{ token: REDACTED }],
      note: `password=${REDACTED}`,
    });
    expect(tracker.changed).toBe(true);
  });

  it('survives cycles, errors, functions and bigints', () => {
    const cyclic: Record<string, unknown> = { a: 1 };
    cyclic.self = cyclic;
    expect(redactValue(cyclic, LOGGER_SENSITIVE_FIELDS)).toEqual({ a: 1, self: '[Circular]' });
    expect(redactValue(new Error('password=x'), LOGGER_SENSITIVE_FIELDS)).toEqual({
      name: 'Error',
      message: `password=${REDACTED}`,
    });
    expect(redactValue([() => 1, 10n], LOGGER_SENSITIVE_FIELDS)).toEqual(['[function]', '10']);
  });

  it('leaves the tracker untouched when nothing is sensitive', () => {
    const tracker = { changed: false };
    redactValue({ status: 'ok', count: 2 }, LOGGER_SENSITIVE_FIELDS, tracker);
    expect(tracker.changed).toBe(false);
  });
});
