/** RPC `validate_admin_access()` → {authorized, reason}: the backend decides who is an admin. */
import { z } from 'zod/mini';
import { backend } from '@/lib/backend';

export const adminValidationSchema = z.object({
  authorized: z.boolean(),
  reason: z._default(
    z.nullable(
      z.enum(['not_authenticated', 'not_admin', 'mfa_setup_required', 'mfa_required', 'validation_error']),
    ),
    null,
  ),
});

export type ValidateAdminAccessResult =
  { ok: true; data: z.infer<typeof adminValidationSchema> } | { ok: false; message: string };

export async function validateAdminAccess(): Promise<ValidateAdminAccessResult> {
  const { data, error } = await (await backend()).rpc('validate_admin_access');
  if (error) return { ok: false, message: error.message };
  const parsed = adminValidationSchema.safeParse(data);
  if (!parsed.success) return { ok: false, message: 'Unexpected answer from validate_admin_access' };
  return { ok: true, data: parsed.data };
}
