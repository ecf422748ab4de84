/**
 * The admin second factor through the API, with RFC 6238 codes computed here: replay of a used
 * code is refused as "replayed"; five wrong codes lock the factor, and a locked factor refuses a
 * code that would otherwise be valid. Each admin's factor was enrolled in its own session.
 */
import { describe, expect, it } from 'vitest';
import { rpc } from '../lib/personas.js';
import { awayFromStepEdge, totpCode, totpStep, wrongCode } from '../../shared/totp.mjs';
import { suite } from './context.js';

const { target, personas } = suite();

interface MfaAnswer {
  success: boolean;
  reason?: string;
}

async function verify(who: 'admin_replay' | 'admin_lockout', code: string): Promise<MfaAnswer> {
  const res = await rpc(target, 'verify_admin_totp', { _code: code }, personas[who].accessToken);
  expect(res.status).toBe(200);
  return res.json as MfaAnswer;
}

/** A code for a step after the last one used, still inside the server's window (s-1..s+1). */
function nextCode(who: 'admin_replay' | 'admin_lockout'): { code: string; step: number } {
  const totp = personas[who].totp!;
  const step = Math.max(totpStep(), totp.lastStep + 1);
  return { code: totpCode(totp.secret, step), step };
}

describe('API · admin TOTP', () => {
  it('a fresh valid code is accepted once; the same code again is refused as replayed', async () => {
    await awayFromStepEdge(5);
    const { code, step } = nextCode('admin_replay');
    expect(await verify('admin_replay', code)).toMatchObject({ success: true });
    personas.admin_replay.totp!.lastStep = step;
    expect(await verify('admin_replay', code)).toMatchObject({ success: false, reason: 'replayed' });
  });

  it('an older in-window code after a newer one is refused', async () => {
    const totp = personas.admin_replay.totp!;
    const older = totpCode(totp.secret, totp.lastStep - 1);
    const answer = await verify('admin_replay', older);
    expect(answer.success).toBe(false);
    expect(['replayed', 'invalid_code']).toContain(answer.reason);
  });

  it('codes outside the ±1 step window are refused', async () => {
    const totp = personas.admin_replay.totp!;
    const answer = await verify('admin_replay', totpCode(totp.secret, totpStep() + 3));
    expect(answer).toMatchObject({ success: false, reason: 'invalid_code' });
  });

  it('five wrong codes lock the factor; the locked factor refuses a correct code', async () => {
    const totp = personas.admin_lockout.totp!;
    const answers: MfaAnswer[] = [];
    for (let i = 0; i < 5; i++) answers.push(await verify('admin_lockout', wrongCode(totp.secret)));
    expect(answers.slice(0, 4).map((a) => a.reason)).toEqual(Array(4).fill('invalid_code'));
    expect(answers[4]).toMatchObject({ success: false, reason: 'locked' });
    await awayFromStepEdge(5);
    const { code } = nextCode('admin_lockout');
    expect(await verify('admin_lockout', code)).toMatchObject({ success: false, reason: 'locked' });
  });

  it('the lockout and the failures are recorded as server security events', async () => {
    const res = await rpc(target, 'validate_admin_access', {}, personas.admin_mfa.accessToken);
    expect(res.json).toMatchObject({ authorized: true });
    const events = await fetch(
      `${target.apiUrl}/rest/v1/security_events?select=event_type,source&user_id=eq.${personas.admin_lockout.userId}&event_type=in.(mfa_lockout,mfa_verification_failed)`,
      { headers: { apikey: target.anonKey, Authorization: `Bearer ${personas.admin_mfa.accessToken}` } },
    );
    const rows = (await events.json()) as { event_type: string; source: string }[];
    expect(rows.filter((r) => r.event_type === 'mfa_lockout')).toHaveLength(1);
    expect(rows.filter((r) => r.event_type === 'mfa_verification_failed').length).toBeGreaterThanOrEqual(5);
    expect(new Set(rows.map((r) => r.source))).toEqual(new Set(['server']));
  });

  it('the TOTP secret is never returned by any API path', async () => {
    const secret = personas.admin_replay.totp!.secret;
    const bodies = await Promise.all(
      ['security_events?select=*', 'user_roles?select=*', 'profiles?select=*'].map(async (p) =>
        (
          await fetch(`${target.apiUrl}/rest/v1/${p}`, {
            headers: { apikey: target.anonKey, Authorization: `Bearer ${personas.admin_mfa.accessToken}` },
          })
        ).text(),
      ),
    );
    const answer = await rpc(
      target,
      'verify_admin_totp',
      { _code: wrongCode(secret) },
      personas.admin_replay.accessToken,
    );
    for (const text of [...bodies, answer.text]) expect(text).not.toContain(secret);
  });
});
