/** RPC `verify_admin_totp(_code)`: a 6-digit TOTP or a backup code; failures come back as answers. */
// Checked by hand, not with zod: this module is in the public pages' entry.
import { backend } from '@/lib/backend';

export interface MfaVerification {
  success: boolean;
  backupCodeUsed: boolean;
  remainingBackupCodes: number | null;
  /** invalid_code | replayed | locked | mfa_setup_required | error */
  reason?: string;
}

/** `{success, backup_code_used?, remaining_backup_codes?, reason?}` with their types, or null. */
function parseVerifyAnswer(data: unknown): MfaVerification | null {
  if (typeof data !== 'object' || data === null) return null;
  const {
    success,
    backup_code_used: backupCodeUsed = false,
    remaining_backup_codes: remaining = null,
    reason,
  } = data as Record<string, unknown>;
  if (typeof success !== 'boolean' || typeof backupCodeUsed !== 'boolean') return null;
  if (remaining !== null && !(Number.isInteger(remaining) && (remaining as number) >= 0)) return null;
  if (reason !== undefined && typeof reason !== 'string') return null;
  return { success, backupCodeUsed, remainingBackupCodes: remaining as number | null, reason };
}

export async function verifyAdminTotp(code: string): Promise<MfaVerification> {
  const { data, error } = await (await backend()).rpc('verify_admin_totp', { _code: code });
  if (error) throw new Error(error.message);
  const parsed = parseVerifyAnswer(data);
  if (!parsed) throw new Error('Unexpected answer from verify_admin_totp');
  return parsed;
}
