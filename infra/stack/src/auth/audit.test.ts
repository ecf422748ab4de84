import { describe, expect, it } from 'vitest';
import { adminActor, auditPayload } from './audit.js';

describe('auditPayload', () => {
  it('has the GoTrue payload for a user action', () => {
    expect(
      auditPayload({ id: 'u1', email: 'a@example.com', phone: '', viaSso: false, fullName: 'Ada' }, 'login', {
        provider: 'email',
      }),
    ).toEqual({
      actor_id: 'u1',
      actor_via_sso: false,
      actor_username: 'a@example.com',
      action: 'login',
      log_type: 'account',
      actor_name: 'Ada',
      traits: { provider: 'email' },
    });
  });

  it('names the phone when there is one, and the role for admin calls', () => {
    expect(
      auditPayload({ id: 'u1', email: 'a@example.com', phone: '155', viaSso: false }, 'logout')
        .actor_username,
    ).toBe('155');
    expect(auditPayload(adminActor('service_role'), 'user_deleted')).toMatchObject({
      actor_id: '00000000-0000-0000-0000-000000000000',
      actor_username: 'service_role',
      log_type: 'team',
    });
  });
});
