/**
 * Asks the auth service to mail a recovery link. Its answer is the same whether or not the address
 * has an account, so the screen says the same either way.
 */
import { backend } from '@/lib/backend';
import { recoveryPaths } from '@/features/auth/utils/recovery-paths';

export async function requestPasswordReset(email: string): Promise<void> {
  const { error } = await (
    await backend()
  ).auth.resetPasswordForEmail(email, {
    redirectTo: `${window.location.origin}${recoveryPaths.reset}`,
  });
  if (error) {
    if (error.status === 429) throw new Error('Too many requests. Wait a few minutes, then try again.');
    throw new Error(error.message);
  }
}
