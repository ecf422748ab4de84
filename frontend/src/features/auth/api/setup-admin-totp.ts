/**
 * RPC `setup_admin_totp(_secret, _verification_code)`: stores the new secret (pending until the first valid
 * code is verified) and answers the ten backup codes, once. The code sent here is the spec's placeholder.
 */
import { z } from 'zod/mini';
import { TOTP } from '@/config/constants';
import { backend } from '@/lib/backend';

const setupAnswerSchema = z.object({
  success: z.boolean(),
  backup_codes: z._default(z.array(z.string()), []),
});

export async function setupAdminTotp(secret: string): Promise<{ backupCodes: string[] }> {
  const { data, error } = await (
    await backend()
  ).rpc('setup_admin_totp', {
    _secret: secret,
    _verification_code: TOTP.setupPlaceholderCode,
  });
  if (error) throw new Error(error.message);
  const parsed = setupAnswerSchema.safeParse(data);
  if (!parsed.success || !parsed.data.success) throw new Error('the server did not confirm the setup');
  return { backupCodes: parsed.data.backup_codes };
}
