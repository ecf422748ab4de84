/**
 * Auth state (SPEC §3–§4): who is signed in, until when, whether we are still finding out, and the
 * backend's answer on admin access. Only plain serialisable fields; the backend client keeps the tokens.
 */
import { createSlice, type PayloadAction } from '@reduxjs/toolkit';

export interface AuthUser {
  id: string;
  email: string | null;
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
}

export type SignOutReason = 'user' | 'inactivity';

export interface AuthState {
  user: AuthUser | null;
  session: AuthSession | null;
  loading: boolean;
  adminValidation: AdminValidation | null;
}

const initialState: AuthState = { user: null, session: null, loading: true, adminValidation: null };

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
    userSignedOut: {
      reducer(state) {
        state.user = null;
        state.session = null;
        state.loading = false;
        state.adminValidation = null;
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
  },
});

export const { authStateChanged, adminValidated, userSignedOut } = authSlice.actions;
export const { selectUser, selectSession, selectAuthLoading, selectAdminValidation, selectIsSignedIn } =
  authSlice.selectors;
