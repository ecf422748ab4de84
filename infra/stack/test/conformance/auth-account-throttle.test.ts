/**
 * Failed password sign-ins are counted per account as well as per address (issue 36 item 8):
 * failures from one address make the next try for that account wait from every address, as GoTrue
 * answers a limit (429 over_request_rate_limit, Retry-After); another account is untouched; a
 * success clears the count; a burst cannot slip in before the count; the count outlives a restart.
 */
import http from 'node:http';
import { beforeAll, describe, expect, it } from 'vitest';
import { authClient } from '../helpers/auth-clients.js';
import { uniqueEmail } from '../helpers/auth-db.js';
import { startAuthGateway, type AuthGateway } from '../helpers/auth-gateway.js';

const PASSWORD = 'secret-123';

interface Answer {
  status: number;
  body: { code?: string };
  retryAfter: string | undefined;
}

function randomAddress(): string {
  return `127.1.${Math.floor(Math.random() * 250) + 1}.${Math.floor(Math.random() * 250) + 1}`;
}

/** A password sign-in from a chosen loopback address. */
function signInFrom(gateway: AuthGateway, address: string, email: string, password: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const request = http.request(
      new URL(`${gateway.url}/auth/v1/token?grant_type=password`),
      {
        method: 'POST',
        localAddress: address,
        headers: { apikey: gateway.anonKey, 'content-type': 'application/json' },
      },
      (response) => {
        let text = '';
        response.on('data', (chunk: Buffer) => (text += chunk.toString()));
        response.on('end', () =>
          resolve({
            status: response.statusCode ?? 0,
            body: JSON.parse(text) as { code?: string },
            retryAfter: response.headers['retry-after'],
          }),
        );
      },
    );
    request.on('error', reject);
    request.end(JSON.stringify({ email, password }));
  });
}

const limits = {
  emailSent: 2,
  tokenRefresh: 150,
  tokenVerifications: 30,
  signInSignUps: 1000,
  anonymousUsers: 1000,
  accountSignInFailures: 3,
  accountSignInMaxDelaySeconds: 300,
};

describe('auth sign-in backoff per account ([auth.rate_limit] account_sign_in_failures = 3)', () => {
  let gateway: AuthGateway;
  /** A second gateway on the same database: what the first one becomes after a restart. */
  let restarted: AuthGateway;
  beforeAll(async () => {
    gateway = await startAuthGateway({ auth: { rateLimit: limits } });
    restarted = await startAuthGateway({ auth: { rateLimit: limits } });
  });

  async function newAccount(label: string): Promise<string> {
    const email = uniqueEmail(label);
    const { error } = await authClient(gateway.anonKey, gateway.url).auth.signUp({
      email,
      password: PASSWORD,
    });
    expect(error).toBeNull();
    return email;
  }

  it('failures from address A make the right password from address B wait, for that account only', async () => {
    const [victim, bystander] = await Promise.all([newAccount('victim'), newAccount('bystander')]);
    const [a, b] = [randomAddress(), randomAddress()];
    for (let i = 0; i < 3; i++) {
      const answer = await signInFrom(gateway, a, victim, `wrong-${i}`);
      expect(answer.status).toBe(400);
      expect(answer.body.code).toBe('invalid_credentials');
    }
    const fromB = await signInFrom(gateway, b, victim, PASSWORD);
    expect(fromB.status).toBe(429);
    expect(fromB.body).toEqual({ code: 'over_request_rate_limit', message: 'Request rate limit reached' });
    const wait = Number(fromB.retryAfter);
    expect(wait).toBeGreaterThanOrEqual(1);
    expect(wait).toBeLessThanOrEqual(5);
    // A wrong guess during the wait is refused the same way, unchecked.
    expect((await signInFrom(gateway, a, victim, 'wrong-again')).status).toBe(429);
    // Another account, even from the guessing address, is not slowed.
    expect((await signInFrom(gateway, a, bystander, PASSWORD)).status).toBe(200);

    // After the wait the owner signs in, and the success clears the count: two more failures
    // (below the three allowed) leave the right password working at once.
    await new Promise((resolve) => setTimeout(resolve, wait * 1000 + 100));
    expect((await signInFrom(gateway, b, victim, PASSWORD)).status).toBe(200);
    for (let i = 0; i < 2; i++) expect((await signInFrom(gateway, a, victim, `wrong-${i}`)).status).toBe(400);
    expect((await signInFrom(gateway, b, victim, PASSWORD)).status).toBe(200);
  });

  it('counts an unknown email alike, so the wait tells nothing about who has an account', async () => {
    const nobody = uniqueEmail('nobody');
    const address = randomAddress();
    const answers = [];
    for (let i = 0; i < 4; i++) answers.push((await signInFrom(gateway, address, nobody, `x-${i}`)).status);
    expect(answers).toEqual([400, 400, 400, 429]);
  });

  it('lets no more than the allowed failures through a parallel burst', async () => {
    const target = await newAccount('burst');
    const answers = await Promise.all(
      Array.from({ length: 12 }, (_, i) => signInFrom(gateway, randomAddress(), target, `guess-${i}`)),
    );
    const statuses = answers.map((answer) => answer.status);
    expect(statuses.filter((status) => status === 400)).toHaveLength(3);
    expect(statuses.filter((status) => status === 429)).toHaveLength(9);
  });

  it('keeps the count in the database: a restarted gateway still makes the account wait', async () => {
    const target = await newAccount('restart');
    for (let i = 0; i < 3; i++) await signInFrom(gateway, randomAddress(), target, `wrong-${i}`);
    expect((await signInFrom(restarted, randomAddress(), target, PASSWORD)).status).toBe(429);
  });
});
