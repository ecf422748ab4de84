/**
 * Creates the browser persona (an admin whose TOTP is verified in the very session the browser
 * gets, so every page is reachable) and hands its session to the tests through the environment;
 * the teardown deletes it. The session is put into the page's storage instead of typing the
 * password, which keeps the suite off the sign-in rate limit of 127.0.0.1.
 */
import { randomBytes } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { createUser, deleteUser, enrolTotp, SUITE_EMAIL_DOMAIN, type Persona } from '../lib/personas.js';
import { apiHeaders, httpRequest, jsonBody } from '../lib/http.js';
import { resolveTarget } from '../lib/target.js';
import { clearParts, PARTS_DIR, recordFact } from '../reporting/parts.js';

export const SESSION_FILE = path.join(PARTS_DIR, 'browser-session.json.tmp');

export default async function globalSetup(): Promise<() => Promise<void>> {
  clearParts('browser');
  const target = resolveTarget();
  recordFact('browser', 'target', { apiUrl: target.apiUrl, webUrl: target.webUrl, limits: target.limits });
  const runId = randomBytes(4).toString('hex');
  const email = `browser-admin-${runId}@${SUITE_EMAIL_DOMAIN}`;
  const password = `Bx${randomBytes(12).toString('hex')}9`;
  const userId = await createUser(target, email, password);
  const grant = jsonBody({ user_id: userId, role: 'admin' });
  await httpRequest(`${target.apiUrl}/rest/v1/user_roles`, {
    method: 'POST',
    body: grant.body,
    headers: { ...apiHeaders(target.serviceRoleKey), ...grant.headers },
  });
  const login = jsonBody({ email, password });
  const res = await httpRequest(`${target.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    localAddress: `127.0.1.${10 + Math.floor(Math.random() * 240)}`,
    body: login.body,
    headers: { apikey: target.anonKey, ...login.headers },
  });
  if (res.status !== 200) throw new Error(`browser persona sign-in: ${res.status} ${res.text}`);
  const session = res.json as { access_token: string; expires_in: number };
  const persona: Persona = {
    name: 'admin_mfa',
    email,
    password,
    userId,
    accessToken: session.access_token,
    sessionId: '',
  };
  await enrolTotp(target, persona);
  writeFileSync(
    SESSION_FILE,
    JSON.stringify({
      runId,
      userId,
      email,
      session: { ...session, expires_at: Math.floor(Date.now() / 1000) + session.expires_in },
    }),
  );
  return async () => {
    await deleteUser(target, userId);
    rmSync(SESSION_FILE, { force: true });
  };
}
