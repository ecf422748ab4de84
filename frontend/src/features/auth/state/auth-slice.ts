/**
 * Auth state (SPEC §3–§4): who is signed in, until when, whether we are still finding out, and the
 * backend's answer on admin access. Only plain serialisable fields; the backend client keeps the tokens.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthUser {
  id: string;
  email: string | null;
  /** Signed in with a one-time password: the server serves nothing until they choose their own. */
  mustChangePassword?: boolean;
}

export interface AuthSession {
  userId: string;
  /** Unix seconds when the access token expires, if known. */
  expiresAt: number | null;
}

export type AdminValidationReason =
  'not_authenticated' | 'not_admin' | 'mfa_setup_required' | 'mfa_required' | 'validation_error';

export interface AdminValidation {
  authorized: boolean;
  reason: AdminValidationReason | null;
  /** ISO time an enrolment waiting for its first code was started (with mfa_setup_required). */
  pendingSince?: string;
}

export type SignOutReason = 'user' | 'inactivity';

export interface AuthState {
  user: AuthUser | null;
  session: AuthSession | null;
  loading: boolean;
  adminValidation: AdminValidation | null;
  /**
   * A new password is being set: the user object already lost the must-change flag but the token
   * in hand is still the restricted one until the session is refreshed, so the platform waits.
   */
  choosingPassword?: boolean;
}

const initialState: AuthState = {
  user: null,
  session: null,
  loading: true,
  adminValidation: null,
  choosingPassword: false,
};

export const authSlice = createSlice({
  name: 'auth',
  initialState,
  reducers: {
    authStateChanged(state, action: PayloadAction<{ user: AuthUser | null; session: AuthSession | null }>) {
      const previousUserId = state.user?.id;
      state.user = action.payload.user;
      state.session = action.payload.session;
      state.loading = false;
      // An answer about one user never applies to another (or to nobody).
      if (!action.payload.user || action.payload.user.id !== previousUserId) state.adminValidation = null;
    },
    adminValidated(state, action: PayloadAction<AdminValidation>) {
      if (state.user) state.adminValidation = action.payload;
    },
    passwordChoiceStarted(state) {
      state.choosingPassword = true;
    },
    passwordChoiceSettled(state) {
      state.choosingPassword = false;
    },
    userSignedOut: {
      reducer(state) {
        state.user = null;
        state.session = null;
        state.loading = false;
        state.adminValidation = null;
        state.choosingPassword = false;
      },
      prepare: (reason: SignOutReason) => ({ payload: { reason } }),
    },
  },
  selectors: {
    selectUser: (state) => state.user,
    selectSession: (state) => state.session,
    selectAuthLoading: (state) => state.loading,
    selectAdminValidation: (state) => state.adminValidation,
    selectIsSignedIn: (state) => state.user !== null && state.session !== null,
    selectMustChoosePassword: (state) =>
      state.choosingPassword === true || state.user?.mustChangePassword === true,
  },
});

export const {
  authStateChanged,
  adminValidated,
  userSignedOut,
  passwordChoiceStarted,
  passwordChoiceSettled,
} = authSlice.actions;
export const {
  selectUser,
  selectSession,
  selectAuthLoading,
  selectAdminValidation,
  selectIsSignedIn,
  selectMustChoosePassword,
} = authSlice.selectors;
