/**
 * setup()'s fail-fast health check: the gateway's /__stack/health must say every part is healthy
 * (the local stack; elsewhere, where it answers 404, the auth health endpoint must answer 200).
 */
import { fail } from 'k6';
import http from 'k6/http';
import { apiHeaders } from './api.ts';
import { BASE_URL, requireKeys } from './env.ts';

export async function requireHealthyTarget(): Promise<void> {
  requireKeys();
  const stack = await http.asyncRequest('GET', `${BASE_URL}/__stack/health`, undefined, {
    tags: { name: 'stack health' },
    responseCallback: http.expectedStatuses(200, 404),
  });
  if (stack.status === 200) {
    const parts =
      (stack.json() as { parts?: Record<string, { healthy: boolean; detail?: string }> }).parts ?? {};
    const sick = Object.entries(parts).filter(([, part]) => !part.healthy);
    if (sick.length)
      fail(
        `The target is unhealthy: ${sick.map(([name, p]) => `${name} (${p.detail ?? 'down'})`).join(', ')}`,
      );
    return;
  }
  const auth = await http.asyncRequest('GET', `${BASE_URL}/auth/v1/health`, undefined, {
    headers: apiHeaders(),
    tags: { name: 'auth health' },
  });
  if (auth.status !== 200)
    fail(`The target at ${BASE_URL} is not answering (auth health: HTTP ${auth.status})`);
}
