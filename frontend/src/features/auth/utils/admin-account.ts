/** Whether the answer on admin access says this user holds the admin role, verified or not yet. */
import type { AdminValidation } from '@/features/auth/state/auth-slice';

const ADMIN_REASONS = new Set(['mfa_setup_required', 'mfa_required']);

export function isAdminAccount(validation: AdminValidation | null): boolean {
  if (!validation) return false;
  return validation.authorized || (validation.reason !== null && ADMIN_REASONS.has(validation.reason));
}
