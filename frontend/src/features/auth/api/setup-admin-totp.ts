/**
 * RPC `setup_admin_totp(_secret, _verification_code)`: stores the new secret (pending until the first valid
 * code is verified) and answers the ten backup codes, once. The code sent here is the spec's placeholder.
 */
// Checked by hand, not with zod: this module is in the public pages' entry.
import { TOTP } from '@/config/constants';
import { backend } from '@/lib/backend';

/** `{success: true, backup_codes?: string[]}`, or null for any other answer. */
function parseSetupAnswer(data: unknown): { backupCodes: string[] } | null {
  if (typeof data !== 'object' || data === null) return null;
  const { success, backup_codes: codes = [] } = data as Record<string, unknown>;
  if (success !== true) return null;
  if (!Array.isArray(codes) || !codes.every((code) => typeof code === 'string')) return null;
  return { backupCodes: codes as string[] };
}

export async function setupAdminTotp(secret: string): Promise<{ backupCodes: string[] }> {
  const { data, error } = await (
    await backend()
  ).rpc('setup_admin_totp', {
    _secret: secret,
    _verification_code: TOTP.setupPlaceholderCode,
  });
  if (error) throw new Error(error.message);
  const parsed = parseSetupAnswer(data);
  if (!parsed) throw new Error('the server did not confirm the setup');
  return parsed;
}
