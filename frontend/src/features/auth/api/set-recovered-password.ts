/**
 * Sets a new password with the session a recovery link gave (the auth service accepts it without the
 * current password: the mailed link proved control of the address), then signs that session out so
 * the user signs in with the new password as usual.
 */
import { backend } from '@/lib/backend';

export async function setRecoveredPassword(
  tokens: { accessToken: string; refreshToken: string },
  password: string,
): Promise<void> {
  const auth = (await backend()).auth;
  const session = await auth.setSession({
    access_token: tokens.accessToken,
    refresh_token: tokens.refreshToken,
  });
  if (session.error) throw new Error('The link is invalid or has expired. Ask for a new one.');
  const { error } = await auth.updateUser({ password });
  if (error) {
    if (error.code === 'weak_password') throw new Error(error.message);
    if (error.code === 'same_password') throw new Error('Choose a password different from the old one.');
    throw new Error(error.message);
  }
  await auth.signOut({ scope: 'local' });
}
