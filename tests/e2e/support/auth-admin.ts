/** Test users through the auth admin API (service role key), as an operator would create them. */
import { randomBytes } from 'node:crypto';
import type { TestUser } from './run-info';
import type { StackEnv } from './stack-env';

/** Long, random, and with every character class the project's password policy asks for. */
export function strongPassword(): string {
  return `${randomBytes(18).toString('base64url')}Aa7!`;
}

export async function createUser(env: StackEnv, email: string): Promise<TestUser> {
  const password = strongPassword();
  const response = await fetch(`${env.apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    headers: {
      apikey: env.serviceRoleKey,
      Authorization: `Bearer ${env.serviceRoleKey}`,
      'Content-Type': 'application/json',
    },
    body: JSON.stringify({ email, password, email_confirm: true }),
  });
  const body = (await response.json()) as { id?: string; msg?: string; message?: string };
  if (!response.ok || !body.id) {
    throw new Error(`Creating ${email} failed (${response.status}): ${body.msg ?? body.message ?? ''}`);
  }
  return { id: body.id, email, password };
}
