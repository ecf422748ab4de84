import { describe, expect, it } from 'vitest';
import { auditActionLabel, availableActions, mfaText } from './user-text';

const analyst = { role: 'analyst' as const, disabled: false, mfa_status: 'none' as const, is_self: false };

describe('availableActions', () => {
  it('offers nothing on oneself', () => {
    expect(availableActions({ ...analyst, role: 'admin', is_self: true })).toEqual([]);
  });
  it('promotes an analyst, disables an enabled account, signs out and resets the password', () => {
    expect(availableActions(analyst)).toEqual(['promote', 'disable', 'sign_out', 'reset_password']);
  });
  it('demotes an admin, enables a disabled account and resets an enrolled second factor', () => {
    expect(availableActions({ ...analyst, role: 'admin', disabled: true, mfa_status: 'active' })).toEqual([
      'demote',
      'enable',
      'sign_out',
      'reset_password',
      'reset_mfa',
    ]);
  });
  it('resets a pending enrolment too', () => {
    expect(availableActions({ ...analyst, role: 'admin', mfa_status: 'pending' })).toContain('reset_mfa');
  });
});

describe('mfaText', () => {
  it('says an analyst needs no second factor and an admin without one is not enrolled', () => {
    expect(mfaText({ role: 'analyst', mfa_status: 'none' })).toBe('Not required');
    expect(mfaText({ role: 'admin', mfa_status: 'none' })).toBe('Not enrolled');
    expect(mfaText({ role: 'admin', mfa_status: 'active' })).toBe('Enrolled');
  });
});

describe('auditActionLabel', () => {
  it('names known actions and shows unknown ones as they are', () => {
    expect(auditActionLabel('user.mfa_reset')).toBe('Two-factor reset');
    expect(auditActionLabel('user.something_new')).toBe('user.something_new');
  });
});
