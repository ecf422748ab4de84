/**
 * What an administrator does to an account. Roles and second factors are database functions; creating,
 * disabling, enabling and signing out go through the `admin-users` edge function, which holds the
 * service key and lets the database decide, from this session's token, whether the caller may act.
 * Every answer is the user's new state; the list is read again after each action.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { FunctionsHttpError } from '@supabase/supabase-js';
import { supabase } from '@/lib/supabase';
import type { UserRow } from './list-users';
import { userKeys } from './keys';

export type AppRole = UserRow['role'];
export type UserState = Pick<UserRow, 'id' | 'role' | 'disabled' | 'mfa_status' | 'active_sessions'>;

export type AuthAction = { action: 'disable' | 'enable' | 'sign_out'; user_id: string };
export interface NewUser {
  email: string;
  role: AppRole;
  display_name?: string;
}
export interface CreatedUser {
  user: UserState;
  /** Shown once by the page, kept nowhere. */
  one_time_password: string;
}
/** A reset answers like a creation: the new one-time password, once. */
export type PasswordReset = CreatedUser;

/** The edge function's `message` (the server's own words) rather than supabase-js's generic text. */
async function invokeAdminUsers<T>(body: object): Promise<T> {
  const { data, error } = await supabase().functions.invoke<T>('admin-users', { body });
  if (error) {
    if (error instanceof FunctionsHttpError) {
      const answer = (await (error.context as Response).json().catch(() => null)) as {
        message?: string;
      } | null;
      throw new Error(answer?.message ?? error.message);
    }
    throw new Error(error.message);
  }
  return data as T;
}

export const createUser = (input: NewUser) => invokeAdminUsers<CreatedUser>({ action: 'create', ...input });

export const resetPassword = (userId: string) =>
  invokeAdminUsers<PasswordReset>({ action: 'reset_password', user_id: userId });

export const changeAccess = (input: AuthAction) => invokeAdminUsers<{ user: UserState }>(input);

export async function setUserRole({ userId, role }: { userId: string; role: AppRole }): Promise<UserState> {
  const { data, error } = await supabase().rpc('admin_set_user_role', { _user_id: userId, _role: role });
  if (error) throw new Error(error.message);
  return data[0] as UserState;
}

export async function resetUserMfa(userId: string): Promise<UserState> {
  const { data, error } = await supabase().rpc('admin_reset_user_mfa', { _user_id: userId });
  if (error) throw new Error(error.message);
  return data[0] as UserState;
}

function useUserMutation<Input, Output>(mutationFn: (input: Input) => Promise<Output>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: userKeys.all }),
  });
}

export const useCreateUser = () => useUserMutation(createUser);
export const useChangeAccess = () => useUserMutation(changeAccess);
export const useSetUserRole = () => useUserMutation(setUserRole);
export const useResetUserMfa = () => useUserMutation(resetUserMfa);
export const useResetPassword = () => useUserMutation(resetPassword);
