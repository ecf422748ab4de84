/**
 * `regenerate_admin_backup_codes(_code)`: a fresh TOTP code replaces every backup code with ten new
 * ones, answered once. A wrong code is an answer (it counts toward the lockout), not an error.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { supabase } from '@/lib/supabase';
import { profileKeys } from './keys';

export type RenewalResult = { success: true; codes: string[] } | { success: false; reason: string };

export async function regenerateBackupCodes(code: string): Promise<RenewalResult> {
  const { data, error } = await supabase().rpc('regenerate_admin_backup_codes', { _code: code });
  if (error) throw new Error(error.message);
  const row = data[0];
  if (!row) throw new Error('Unexpected answer from regenerate_admin_backup_codes');
  if (row.success && row.backup_codes) return { success: true, codes: row.backup_codes };
  return { success: false, reason: row.reason ?? 'invalid_code' };
}

export function useRegenerateBackupCodes() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: regenerateBackupCodes,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: profileKeys.account() }),
  });
}
