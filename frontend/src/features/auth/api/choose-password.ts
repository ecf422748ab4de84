/**
 * Replaces a one-time password. The auth service wants the current password too (require_current_
 * password), clears the must-change flag, and the refreshed session's token is an ordinary one: only
 * then may the platform load, so the refresh happens before the caller lets it.
 */
import { backend } from '@/lib/backend';

export async function choosePassword(input: { current: string; next: string }): Promise<void> {
  const auth = (await backend()).auth;
  const { error } = await auth.updateUser({ password: input.next, current_password: input.current });
  if (error) {
    if (error.code === 'current_password_mismatch') throw new Error('The one-time password is not correct.');
    if (error.code === 'same_password')
      throw new Error('Choose a password different from the one-time password.');
    throw new Error(error.message);
  }
  const refreshed = await auth.refreshSession();
  if (refreshed.error) throw new Error(refreshed.error.message);
}
