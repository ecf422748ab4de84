/**
 * The suite's own users, created through the auth admin API with the service key: an analyst, an
 * admin without MFA, an admin with MFA (TOTP set up and verified in the very session its JWT
 * carries), and two more admins with MFA for the replay and the brute-force checks, whose failures
 * must not lock the admin the access matrix uses. Each run has
 * its own e-mail suffix; teardown deletes exactly these users.
 */
import { randomBytes } from 'node:crypto';
import { decodeJwt } from 'jose';
import { apiHeaders, httpRequest, jsonBody, type HttpResponse } from './http.js';
import type { StackTarget } from './target.js';
import { awayFromStepEdge, newTotpSecret, totpCode, totpStep } from '../../shared/totp.mjs';

export type PersonaName = 'analyst' | 'admin_no_mfa' | 'admin_mfa' | 'admin_replay' | 'admin_lockout';

export interface Persona {
  name: PersonaName;
  email: string;
  password: string;
  userId: string;
  accessToken: string;
  sessionId: string;
  /** The TOTP secret of admins with MFA; `lastStep` is the step of the last code used. */
  totp?: { secret: string; lastStep: number };
}

export const SUITE_EMAIL_DOMAIN = 'security-suite.test';

function fail(what: string, res: HttpResponse): never {
  throw new Error(`${what}: HTTP ${res.status} ${res.text.slice(0, 300)}`);
}

export async function createUser(target: StackTarget, email: string, password: string): Promise<string> {
  const { body, headers } = jsonBody({ email, password, email_confirm: true });
  const res = await httpRequest(`${target.apiUrl}/auth/v1/admin/users`, {
    method: 'POST',
    body,
    headers: { ...apiHeaders(target.serviceRoleKey), ...headers },
  });
  if (res.status !== 200 && res.status !== 201) fail(`create user ${email}`, res);
  return (res.json as { id: string }).id;
}

export async function deleteUser(target: StackTarget, userId: string): Promise<void> {
  await httpRequest(`${target.apiUrl}/auth/v1/admin/users/${userId}`, {
    method: 'DELETE',
    headers: apiHeaders(target.serviceRoleKey),
  });
}

/**
 * The suite's own sign-ins come from one random loopback address per process (127.0.1.x): the
 * auth limit is per client address, and repeated runs from 127.0.0.1 would otherwise use up the
 * sign-in budget of the developer's own browser for five minutes.
 */
const SIGN_IN_ADDRESS = `127.0.1.${10 + Math.floor(Math.random() * 240)}`;

export async function signIn(target: StackTarget, email: string, password: string): Promise<string> {
  const { body, headers } = jsonBody({ email, password });
  const res = await httpRequest(`${target.apiUrl}/auth/v1/token?grant_type=password`, {
    method: 'POST',
    localAddress: SIGN_IN_ADDRESS,
    body,
    headers: { apikey: target.anonKey, ...headers },
  });
  if (res.status !== 200) fail(`sign in ${email}`, res);
  return (res.json as { access_token: string }).access_token;
}

export async function rpc(
  target: StackTarget,
  fn: string,
  args: unknown,
  bearer?: string,
): Promise<HttpResponse> {
  const { body, headers } = jsonBody(args);
  return httpRequest(`${target.apiUrl}/rest/v1/rpc/${fn}`, {
    method: 'POST',
    body,
    headers: { ...apiHeaders(target.anonKey, bearer), ...headers },
  });
}

async function grantAdmin(target: StackTarget, userId: string): Promise<void> {
  const { body, headers } = jsonBody({ user_id: userId, role: 'admin' });
  const res = await httpRequest(`${target.apiUrl}/rest/v1/user_roles`, {
    method: 'POST',
    body,
    headers: { ...apiHeaders(target.serviceRoleKey), ...headers },
  });
  if (res.status !== 201) fail('grant admin', res);
}

/** Sets up TOTP (pending) and activates it with a valid code in the session of `persona`. */
export async function enrolTotp(target: StackTarget, persona: Persona): Promise<void> {
  const secret = newTotpSecret();
  await awayFromStepEdge();
  const step = totpStep();
  const setup = await rpc(
    target,
    'setup_admin_totp',
    { _secret: secret, _verification_code: totpCode(secret, step) },
    persona.accessToken,
  );
  if (setup.status !== 200) fail('setup_admin_totp', setup);
  const verify = await rpc(
    target,
    'verify_admin_totp',
    { _code: totpCode(secret, step) },
    persona.accessToken,
  );
  if (verify.status !== 200 || (verify.json as { success?: boolean }).success !== true)
    fail('verify_admin_totp', verify);
  persona.totp = { secret, lastStep: step };
}

export async function createPersonas(
  target: StackTarget,
  runId: string,
): Promise<Record<PersonaName, Persona>> {
  const names: PersonaName[] = ['analyst', 'admin_no_mfa', 'admin_mfa', 'admin_replay', 'admin_lockout'];
  const out = {} as Record<PersonaName, Persona>;
  const created: string[] = [];
  try {
    await addPersonas(target, runId, names, out, created);
  } catch (error) {
    // A half-made set of users must not outlive a failed setup.
    for (const id of created) await deleteUser(target, id);
    throw error;
  }
  return out;
}

async function addPersonas(
  target: StackTarget,
  runId: string,
  names: PersonaName[],
  out: Record<PersonaName, Persona>,
  created: string[],
): Promise<void> {
  for (const name of names) {
    const email = `${name.replace(/_/g, '-')}-${runId}@${SUITE_EMAIL_DOMAIN}`;
    // Meets minimum_password_length 12 and lower/upper/digit requirements.
    const password = `Sx${randomBytes(12).toString('hex')}9`;
    const userId = await createUser(target, email, password);
    created.push(userId);
    if (name !== 'analyst') await grantAdmin(target, userId);
    const accessToken = await signIn(target, email, password);
    const sessionId = String(decodeJwt(accessToken).session_id ?? '');
    out[name] = { name, email, password, userId, accessToken, sessionId };
  }
  await enrolTotp(target, out.admin_mfa);
  await enrolTotp(target, out.admin_replay);
  await enrolTotp(target, out.admin_lockout);
}
