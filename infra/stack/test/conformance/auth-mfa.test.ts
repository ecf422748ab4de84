/**
 * MFA factors with the unmodified supabase-js `auth.mfa` API: enrol a TOTP factor, challenge,
 * verify (the session becomes aal2 with a totp amr entry), refresh keeps aal2, wrong and replayed
 * codes are refused with GoTrue's codes, unenroll, admin listing and deletion, phone answered as
 * disabled, a WebAuthn factor registered and used through its ceremonies, and the per-IP limit on verify.
 */
import type { SupabaseClient } from '@supabase/supabase-js';
import { Secret, TOTP } from 'otpauth';
import { describe, expect, it } from 'vitest';
import { anonAuthClient, authClient, authFetch, decodeJwt } from '../helpers/auth-clients.js';
import { authAdminPool, uniqueEmail } from '../helpers/auth-db.js';
import { SoftwarePasskey } from '../helpers/software-authenticator.js';
import { stackEnv } from '../helpers/stack-env.js';

const PASSWORD = 'secret-123';
const db = authAdminPool();

function codeFor(secret: string, offsetSteps = 0): string {
  return TOTP.generate({ secret: Secret.fromBase32(secret), timestamp: Date.now() + offsetSteps * 30_000 });
}

async function signedIn(label: string): Promise<{ client: SupabaseClient; email: string }> {
  const email = uniqueEmail(label);
  const client = anonAuthClient();
  const { error } = await client.auth.signUp({ email, password: PASSWORD });
  if (error) throw error;
  return { client, email };
}

async function enrolledAndVerified(label: string) {
  const { client, email } = await signedIn(label);
  const enrol = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'phone app' });
  if (enrol.error) throw enrol.error;
  const { id, totp } = enrol.data;
  const verify = await client.auth.mfa.challengeAndVerify({ factorId: id, code: codeFor(totp.secret) });
  if (verify.error) throw verify.error;
  return { client, email, factorId: id, secret: totp.secret, session: verify.data };
}

describe('auth mfa (TOTP)', () => {
  it('enrols a TOTP factor: id, secret, otpauth URI and an SVG QR code (supabase-js makes it a data URI)', async () => {
    const { client, email } = await signedIn('mfa-enrol');
    const { data, error } = await client.auth.mfa.enroll({
      factorType: 'totp',
      friendlyName: 'laptop',
      issuer: 'cti.test',
    });
    expect(error).toBeNull();
    expect(data!.type).toBe('totp');
    expect(data!.friendly_name).toBe('laptop');
    expect(data!.totp.secret).toMatch(/^[A-Z2-7]{32}$/);
    expect(data!.totp.uri).toBe(
      `otpauth://totp/cti.test:${encodeURIComponent(email)}?issuer=cti.test&secret=${data!.totp.secret}&algorithm=SHA1&digits=6&period=30`,
    );
    expect(data!.totp.qr_code.startsWith('data:image/svg+xml;utf-8,<svg')).toBe(true);
    // Listed as unverified; the user is not yet able to reach aal2.
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data!.all.map((f) => [f.id, f.status])).toEqual([[data!.id, 'unverified']]);
    expect(factors.data!.totp).toEqual([]);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal1' });
    // The secret is never returned again.
    const user = await authFetch('/user', {
      headers: { Authorization: `Bearer ${(await client.auth.getSession()).data.session!.access_token}` },
    });
    expect(user.text).not.toContain(data!.totp.secret);
  });

  it('refuses a second factor with the same friendly name', async () => {
    const { client } = await signedIn('mfa-name');
    expect((await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'same' })).error).toBeNull();
    const again = await client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'same' });
    expect(again.error).toMatchObject({ status: 422, code: 'mfa_factor_name_conflict' });
  });

  it('challenge and verify raise the session to aal2 with amr totp and password', async () => {
    const { client, factorId, session } = await enrolledAndVerified('mfa-verify');
    const { claims } = decodeJwt(session.access_token);
    expect(claims.aal).toBe('aal2');
    expect((claims.amr as { method: string }[]).map((a) => a.method).sort()).toEqual(['password', 'totp']);
    const aal = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(aal.data).toMatchObject({ currentLevel: 'aal2', nextLevel: 'aal2' });
    const factors = await client.auth.mfa.listFactors();
    expect(factors.data!.totp.map((f) => [f.id, f.status])).toEqual([[factorId, 'verified']]);
  });

  it('a new sign-in is aal1 with nextLevel aal2, and refresh keeps aal2 after verify', async () => {
    const { email, factorId, secret } = await enrolledAndVerified('mfa-refresh');
    const client = anonAuthClient();
    await client.auth.signInWithPassword({ email, password: PASSWORD });
    const before = await client.auth.mfa.getAuthenticatorAssuranceLevel();
    expect(before.data).toMatchObject({ currentLevel: 'aal1', nextLevel: 'aal2' });
    // The step after the one enrolment used: a code is good once.
    const verify = await client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret, 1) });
    expect(verify.error).toBeNull();
    const refreshed = await client.auth.refreshSession();
    expect(refreshed.error).toBeNull();
    expect(decodeJwt(refreshed.data.session!.access_token).claims.aal).toBe('aal2');
  });

  it('refuses a wrong code and a replayed code with mfa_verification_failed', async () => {
    const { client, factorId, secret } = await enrolledAndVerified('mfa-wrong');
    const wrongCode = codeFor(secret, 5);
    const wrong = await client.auth.mfa.challengeAndVerify({ factorId, code: wrongCode });
    expect(wrong.error).toMatchObject({
      status: 422,
      code: 'mfa_verification_failed',
      message: 'Invalid TOTP code entered',
    });
    // The code enrolment already used, on a fresh challenge.
    const replay = await client.auth.mfa.challengeAndVerify({ factorId, code: codeFor(secret) });
    expect(replay.error).toMatchObject({ status: 422, code: 'mfa_verification_failed' });
  });

  it('a challenge is single use, and an unknown factor is mfa_factor_not_found', async () => {
    const { client, factorId, secret } = await enrolledAndVerified('mfa-single');
    const challenge = await client.auth.mfa.challenge({ factorId });
    expect(challenge.data).toMatchObject({ type: 'totp' });
    expect(challenge.data!.expires_at).toBeGreaterThan(Date.now() / 1000 + 200);
    const first = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: codeFor(secret, 1),
    });
    expect(first.error).toBeNull();
    const second = await client.auth.mfa.verify({
      factorId,
      challengeId: challenge.data!.id,
      code: codeFor(secret, 1),
    });
    expect(second.error).toMatchObject({ status: 422, code: 'mfa_ip_address_mismatch' });
    const missing = await client.auth.mfa.unenroll({ factorId: crypto.randomUUID() });
    expect(missing.error).toMatchObject({ status: 404, code: 'mfa_factor_not_found' });
  });

  it('unenrolling a verified factor needs aal2 and drops the session to aal1', async () => {
    const { email, factorId, client: aal2Client } = await enrolledAndVerified('mfa-unenroll');
    const aal1Client = anonAuthClient();
    await aal1Client.auth.signInWithPassword({ email, password: PASSWORD });
    const refused = await aal1Client.auth.mfa.unenroll({ factorId });
    expect(refused.error).toMatchObject({ status: 422, code: 'insufficient_aal' });
    const done = await aal2Client.auth.mfa.unenroll({ factorId });
    expect(done.error).toBeNull();
    expect(done.data).toEqual({ id: factorId });
    const refreshed = await aal2Client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).claims.aal).toBe('aal1');
    expect((await aal2Client.auth.mfa.listFactors()).data!.all).toEqual([]);
  });

  it('enrolling a second factor once one is verified needs aal2', async () => {
    const { email } = await enrolledAndVerified('mfa-second');
    const aal1Client = anonAuthClient();
    await aal1Client.auth.signInWithPassword({ email, password: PASSWORD });
    const refused = await aal1Client.auth.mfa.enroll({ factorType: 'totp', friendlyName: 'spare' });
    expect(refused.error).toMatchObject({ status: 403, code: 'insufficient_aal' });
  });

  it('answers phone factors as GoTrue does when they are disabled', async () => {
    const { client } = await signedIn('mfa-disabled');
    const phone = await client.auth.mfa.enroll({ factorType: 'phone', phone: '+15555550100' });
    expect(phone.error).toMatchObject({ status: 422, code: 'mfa_phone_enroll_not_enabled' });
  });

  it('enrols a WebAuthn factor, registers a key through its challenge, then verifies with the key (aal2)', async () => {
    const { client } = await signedIn('mfa-webauthn');
    const enrolled = await client.auth.mfa.webauthn.enroll({ friendlyName: 'security key' });
    expect(enrolled.error).toBeNull();
    expect(enrolled.data).toMatchObject({ type: 'webauthn', friendly_name: 'security key' });
    const factorId = enrolled.data!.id;
    const key = new SoftwarePasskey('localhost', 'http://localhost:5173');
    // The ceremonies as a browser runs them: challenge, navigator.credentials, verify.
    const ceremony = async (answer: (options: never) => unknown, kind: string) => {
      const token = (await client.auth.getSession()).data.session!.access_token;
      const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
      const challenge = await authFetch(`/factors/${factorId}/challenge`, {
        method: 'POST',
        headers,
        body: '{}',
      });
      const body = challenge.body as {
        id: string;
        webauthn: { type: string; credential_options: { publicKey: never } };
      };
      expect(body.webauthn.type).toBe(kind);
      const verify = await authFetch(`/factors/${factorId}/verify`, {
        method: 'POST',
        headers,
        body: JSON.stringify({
          challenge_id: body.id,
          webauthn: { type: kind, credential_response: answer(body.webauthn.credential_options.publicKey) },
        }),
      });
      return { challengeId: body.id, verify };
    };
    const created = await ceremony((o) => key.create(o), 'create');
    expect(created.verify.status).toBe(200);
    await client.auth.setSession(created.verify.body as { access_token: string; refresh_token: string });
    const listed = await client.auth.mfa.listFactors();
    expect(listed.data!.all.map((f) => [f.id, f.factor_type, f.status])).toEqual([
      [factorId, 'webauthn', 'verified'],
    ]);

    const signedWith = await ceremony((o) => key.get(o), 'request');
    expect(signedWith.verify.status).toBe(200);
    const claims = decodeJwt((signedWith.verify.body as { access_token: string }).access_token).claims;
    expect(claims.aal).toBe('aal2');
    expect(claims.amr).toEqual(expect.arrayContaining([expect.objectContaining({ method: 'mfa/webauthn' })]));
    // A key from another origin (a phishing page relaying the challenge) is refused.
    const phished = await ceremony((o) => key.get(o, 'http://evil.example'), 'request');
    expect(phished.verify.body).toMatchObject({ code: 'mfa_verification_failed' });
  });

  it('lets an admin list and delete a user factor (audited)', async () => {
    const { client, session, factorId, secret } = await enrolledAndVerified('mfa-admin');
    const admin = authClient(stackEnv().serviceRoleKey);
    const userId = session.user.id;
    const listed = await admin.auth.admin.mfa.listFactors({ userId });
    expect(listed.error).toBeNull();
    expect(listed.data!.factors.map((f) => [f.id, f.factor_type, f.status])).toEqual([
      [factorId, 'totp', 'verified'],
    ]);
    expect(JSON.stringify(listed.data)).not.toMatch(/secret/i);
    const deleted = await admin.auth.admin.mfa.deleteFactor({ userId, id: factorId });
    expect(deleted.error).toBeNull();
    // auth-js hands back GoTrue's body (the deleted factor) under data.data.
    expect(deleted.data).toMatchObject({ data: { id: factorId, status: 'verified' } });
    expect((await admin.auth.admin.mfa.listFactors({ userId })).data!.factors).toEqual([]);
    const { rows } = await db.query<{ action: string }>(
      `select payload->>'action' as action from auth.audit_log_entries
        where payload->'traits'->>'factor_id' = $1 order by created_at`,
      [factorId],
    );
    expect(rows.map((r) => r.action)).toEqual(
      expect.arrayContaining(['factor_in_progress', 'verification_attempted', 'factor_deleted']),
    );
    // The secret stays in auth.mfa_factors only: no audit entry carries it.
    const { rows: leaks } = await db.query(
      `select 1 from auth.audit_log_entries where payload::text like $1`,
      [`%${secret}%`],
    );
    expect(leaks).toEqual([]);
    const refreshed = await client.auth.refreshSession();
    expect(decodeJwt(refreshed.data.session!.access_token).claims.aal).toBe('aal1');
    const notAdmin = await authFetch(`/admin/users/${userId}/factors`, {
      headers: { Authorization: `Bearer ${refreshed.data.session!.access_token}` },
    });
    expect(notAdmin.status).toBe(403);
  });

  // Last: it spends this address's minute of verify budget (the tests above use 13 of the 15).
  it('limits verify attempts per address (GoTrue: 15 a minute)', async () => {
    // An enrolled factor is enough: the budget is taken before the factor or the code is looked at
    // (and verifying one here would itself spend the budget the other tests of the minute used).
    const { client } = await signedIn('mfa-limit');
    const factorId = (await client.auth.mfa.enroll({ factorType: 'totp' })).data!.id;
    const token = (await client.auth.getSession()).data.session!.access_token;
    const statuses: number[] = [];
    for (let i = 0; i < 16; i++) {
      const res = await authFetch(`/factors/${factorId}/verify`, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}`, 'content-type': 'application/json' },
        body: JSON.stringify({ challenge_id: crypto.randomUUID(), code: '000000' }),
      });
      statuses.push(res.status);
      if (res.status === 429) {
        expect(res.body).toMatchObject({ code: 'over_request_rate_limit' });
        break;
      }
    }
    expect(statuses).toContain(429);
  });
});
