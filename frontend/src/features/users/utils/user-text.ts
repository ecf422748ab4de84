/** Words for accounts and their audit rows, shared by the table, the drawer and the confirmations. */
import type { MfaStatus, UserRow } from '@/features/users/api/list-users';

export const MFA_LABELS: Record<MfaStatus, string> = {
  active: 'Enrolled',
  pending: 'Enrolment pending',
  none: 'Not enrolled',
};

/** Analysts have no second factor here; "not enrolled" only matters for an admin. */
export function mfaText(user: Pick<UserRow, 'role' | 'mfa_status'>): string {
  if (user.role === 'analyst' && user.mfa_status === 'none') return 'Not required';
  return MFA_LABELS[user.mfa_status];
}

export type UserActionKind =
  'promote' | 'demote' | 'disable' | 'enable' | 'sign_out' | 'reset_mfa' | 'reset_password';

export interface ActionText {
  label: string;
  confirm: string;
  done: string;
  destructive: boolean;
}

export const ACTION_TEXT: Record<UserActionKind, ActionText> = {
  promote: {
    label: 'Make administrator',
    confirm: 'They will have to enrol a second factor at their next admin sign-in.',
    done: 'is now an administrator',
    destructive: false,
  },
  demote: {
    label: 'Make analyst',
    confirm: 'They lose every administrative right at once.',
    done: 'is now an analyst',
    destructive: true,
  },
  disable: {
    label: 'Disable account',
    confirm: 'They are signed out everywhere and cannot sign in until the account is enabled again.',
    done: 'is disabled',
    destructive: true,
  },
  enable: {
    label: 'Enable account',
    confirm: 'They can sign in again with their password.',
    done: 'is enabled',
    destructive: false,
  },
  sign_out: {
    label: 'Sign out everywhere',
    confirm:
      'Every session ends; pages already open keep working until their token expires (at most an hour).',
    done: 'is signed out everywhere',
    destructive: true,
  },
  reset_password: {
    label: 'Reset password',
    confirm:
      'Their password stops working and every session ends. You get a new one-time password to give them; they choose their own at their next sign-in.',
    done: 'has a new one-time password',
    destructive: true,
  },
  reset_mfa: {
    label: 'Reset two-factor',
    confirm:
      'Their authenticator enrolment and backup codes are removed; they enrol again at their next admin sign-in.',
    done: 'must enrol a second factor again',
    destructive: true,
  },
};

/** The actions offered for an account: never on oneself (the server refuses those too). */
export function availableActions(
  user: Pick<UserRow, 'role' | 'disabled' | 'mfa_status' | 'is_self'>,
): UserActionKind[] {
  if (user.is_self) return [];
  const actions: UserActionKind[] = [user.role === 'admin' ? 'demote' : 'promote'];
  actions.push(user.disabled ? 'enable' : 'disable');
  actions.push('sign_out', 'reset_password');
  if (user.mfa_status !== 'none') actions.push('reset_mfa');
  return actions;
}

const AUDIT_ACTIONS: Record<string, string> = {
  'user.created': 'Account created',
  'user.role_changed': 'Role changed',
  'user.disabled': 'Disabled',
  'user.enabled': 'Enabled',
  'user.signed_out': 'Signed out everywhere',
  'user.mfa_reset': 'Two-factor reset',
  'user.password_reset': 'Password reset',
  'user_role.created': 'Admin role granted',
  'user_role.deleted': 'Admin role removed',
  'user_role.changed': 'Role row changed',
};

export function auditActionLabel(action: string): string {
  return AUDIT_ACTIONS[action] ?? action;
}
