/**
 * The auth actions of SPEC §3 as thunks: each talks to the backend, records the outcome in the slice and
 * logs the spec's event names. Cross-cutting reactions (toasts, query cache) live in auth-listeners.ts.
 */
import type { ThunkAction, UnknownAction } from '@reduxjs/toolkit';
import type { RootState } from '@/app/store/store';
import { createLogger } from '@/lib/security/logger';
import { backend } from '@/lib/backend';
import { mapSession } from '@/features/auth/api/map-session';
import { setupAdminTotp } from '@/features/auth/api/setup-admin-totp';
import { validateAdminAccess } from '@/features/auth/api/validate-admin-access';
import { verifyAdminTotp, type MfaVerification } from '@/features/auth/api/verify-admin-totp';
import {
  adminValidated,
  authStateChanged,
  selectAdminValidation,
  userSignedOut,
  type AdminValidation,
  type SignOutReason,
} from './auth-slice';

type AuthThunk<R> = ThunkAction<R, RootState, unknown, UnknownAction>;

const log = createLogger('auth');

const errorMessage = (error: unknown) => (error instanceof Error ? error.message : String(error));

export function validateAdmin(): AuthThunk<Promise<AdminValidation>> {
  return async (dispatch) => {
    let result: AdminValidation;
    try {
      const answer = await validateAdminAccess();
      if (answer.ok) {
        result = answer.data;
      } else {
        log.error('admin_validation_error', { message: answer.message });
        result = { authorized: false, reason: 'validation_error' };
      }
    } catch (error) {
      log.error('admin_validation_exception', { message: errorMessage(error) });
      result = { authorized: false, reason: 'validation_error' };
    }
    dispatch(adminValidated(result));
    return result;
  };
}

export function refreshAuth(): AuthThunk<Promise<void>> {
  return async (dispatch) => {
    try {
      const { data, error } = await (await backend()).auth.getSession();
      if (error) {
        log.error('auth_refresh_error', { message: error.message });
        return;
      }
      dispatch(authStateChanged(mapSession(data.session)));
    } catch (error) {
      log.error('auth_refresh_error', { message: errorMessage(error) });
    }
  };
}

/** Local state is cleared first, so a backend that fails or hangs can never keep anyone signed in. */
export function signOut(reason: SignOutReason = 'user'): AuthThunk<Promise<void>> {
  return async (dispatch) => {
    dispatch(userSignedOut(reason));
    try {
      const { error } = await (await backend()).auth.signOut();
      if (error) {
        log.error('signout_error', { message: error.message });
        // The global sign-out failed (e.g. offline): still forget the stored session on this device.
        await (await backend()).auth.signOut({ scope: 'local' });
      }
    } catch (error) {
      log.error('signout_error', { message: errorMessage(error) });
    }
  };
}

/** Starts admin TOTP enrolment with a client-generated secret; answers the one-time backup codes. */
export function requireMfaSetup(secret: string): AuthThunk<Promise<{ backupCodes: string[] }>> {
  return async (_dispatch, getState) => {
    const validation = selectAdminValidation(getState());
    if (!validation || (!validation.authorized && validation.reason !== 'mfa_setup_required')) {
      throw new Error('Admin validation required');
    }
    try {
      return await setupAdminTotp(secret);
    } catch (error) {
      throw new Error(`MFA setup failed: ${errorMessage(error)}`, { cause: error });
    }
  };
}

/** Verifies a TOTP or backup code; never throws. Success re-runs admin validation. */
export function verifyMfa(code: string): AuthThunk<Promise<MfaVerification>> {
  return async (dispatch) => {
    let result: MfaVerification;
    try {
      result = await verifyAdminTotp(code);
    } catch (error) {
      result = { success: false, backupCodeUsed: false, remainingBackupCodes: null, reason: 'error' };
      log.error('mfa_verification_failed', { message: errorMessage(error) });
      return result;
    }
    if (!result.success) {
      log.warn('mfa_verification_failed', { reason: result.reason ?? 'unknown' });
      return result;
    }
    await dispatch(validateAdmin());
    return result;
  };
}
