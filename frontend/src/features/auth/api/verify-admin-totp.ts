/** RPC `verify_admin_totp(_code)`: a 6-digit TOTP or a backup code; failures come back as answers. */
import { z } from 'zod/mini';
import { backend } from '@/lib/backend';

const verifyAnswerSchema = z.object({
  success: z.boolean(),
  backup_code_used: z._default(z.boolean(), false),
  remaining_backup_codes: z._default(z.nullable(z.int().check(z.nonnegative())), null),
  reason: z.optional(z.string()),
});

export interface MfaVerification {
  success: boolean;
  backupCodeUsed: boolean;
  remainingBackupCodes: number | null;
  /** invalid_code | replayed | locked | mfa_setup_required | error */
  reason?: string;
}

export async function verifyAdminTotp(code: string): Promise<MfaVerification> {
  const { data, error } = await (await backend()).rpc('verify_admin_totp', { _code: code });
  if (error) throw new Error(error.message);
  const parsed = verifyAnswerSchema.safeParse(data);
  if (!parsed.success) throw new Error('Unexpected answer from verify_admin_totp');
  return {
    success: parsed.data.success,
    backupCodeUsed: parsed.data.backup_code_used,
    remainingBackupCodes: parsed.data.remaining_backup_codes,
    reason: parsed.data.reason,
  };
}
