/**
 * Issue 36 item 8: sign-in throttling counted per address only let 30 guesses from one address be
 * followed by the right password at once from another, which then had 28 more. Failed sign-ins are
 * now counted per account too ([auth.rate_limit] account_sign_in_failures): after them, a try for
 * that account from ANY address waits (429 over_request_rate_limit with Retry-After), while other
 * accounts are untouched. Each address here is the suite's own, so no other check is throttled.
 */
import { describe, expect, it } from 'vitest';
import { httpRequest, type HttpResponse } from '../lib/http.js';
import { createUser, deleteUser, SUITE_EMAIL_DOMAIN } from '../lib/personas.js';
import { recordFinding } from '../reporting/parts.js';
import { suite } from './context.js';

const { target, runId } = suite();
const failures = target.limits.accountSignInFailures;

function signInFrom(localAddress: string, email: string, password: string): Promise<HttpResponse> {
  return httpRequest(`${target.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    localAddress,
    noRetry: true,
    body: JSON.stringify({ email, password }),
    headers: { apikey: target.anonKey, 'Content-Type': 'application/json' },
  });
}

describe('API · sign-in throttling per account (issue 36)', () => {
  it(`${failures} failures for one account from one address slow down guesses for that account from another address (config: ${target.limits.source})`, async () => {
    const password = `Throttle-${runId}-right-7!`;
    const victim = `throttle-victim-${runId}@${SUITE_EMAIL_DOMAIN}`;
    const bystander = `throttle-bystander-${runId}@${SUITE_EMAIL_DOMAIN}`;
    const ids = await Promise.all([victim, bystander].map((email) => createUser(target, email, password)));
    try {
      for (let i = 0; i < failures; i++) {
        const wrong = await signInFrom('127.0.0.10', victim, `Wrong-${i}-password`);
        expect(wrong.status, wrong.text).toBe(400);
      }
      const fromElsewhere = await signInFrom('127.0.0.11', victim, password);
      if (fromElsewhere.status === 200) {
        recordFinding('api', {
          id: 'sign-in-throttle-per-address-only',
          severity: 'medium',
          title: 'Failed sign-ins are counted per address only',
          detail:
            `After ${failures} failed sign-ins for one account from 127.0.0.10, the right password worked at once from ` +
            '127.0.0.11: a guesser spreading over addresses (or behind a shared proxy) is never slowed for the account.',
          where: 'infra/stack/src/auth/handlers/token-password.ts, infra/stack/src/auth/rate-limits.ts',
          fix: 'Count failures per account too, with a capped exponential backoff reset on success.',
        });
      }
      expect(fromElsewhere.status, fromElsewhere.text).toBe(429);
      expect(fromElsewhere.json).toMatchObject({ code: 'over_request_rate_limit' });
      expect(Number(fromElsewhere.headers['retry-after'])).toBeGreaterThan(0);
      // A guess from a third address is refused too, before the password is checked.
      expect((await signInFrom('127.0.0.12', victim, 'Another-guess-1')).status).toBe(429);
      // Another account, from the guessing address, signs in at once.
      const other = await signInFrom('127.0.0.10', bystander, password);
      expect(other.status, other.text).toBe(200);
    } finally {
      await Promise.all(ids.map((id) => deleteUser(target, id)));
    }
  });
});
