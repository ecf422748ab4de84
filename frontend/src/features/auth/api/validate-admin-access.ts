/** RPC `validate_admin_access()` → {authorized, reason, pending_since?}: the backend decides who is an admin. */
// Checked by hand, not with zod: this module is in the public pages' entry (15 KB of zod otherwise).
import { backend } from '@/lib/backend';

const REASONS = [
  'not_authenticated',
  'not_admin',
  'mfa_setup_required',
  'mfa_required',
  'validation_error',
] as const;

export interface AdminValidationAnswer {
  authorized: boolean;
  reason: (typeof REASONS)[number] | null;
  /** With mfa_setup_required: when an enrolment still waiting for its first code was started. */
  pendingSince?: string;
}

export type ValidateAdminAccessResult =
  { ok: true; data: AdminValidationAnswer } | { ok: false; message: string };

/** A time the server sent, kept only if it reads as one (an unreadable one is as good as none). */
const readableTime = (value: unknown): string | undefined =>
  typeof value === 'string' && !Number.isNaN(Date.parse(value)) ? value : undefined;

/**
 * The answer's shape: `authorized` a boolean, `reason` one of the known reasons, null or absent, and
 * `pending_since` a time or absent.
 */
export function parseAdminValidation(data: unknown): AdminValidationAnswer | null {
  if (typeof data !== 'object' || data === null) return null;
  const { authorized, reason = null, pending_since: pendingSince } = data as Record<string, unknown>;
  if (typeof authorized !== 'boolean') return null;
  if (reason !== null && !REASONS.includes(reason as (typeof REASONS)[number])) return null;
  const answer: AdminValidationAnswer = { authorized, reason: reason as AdminValidationAnswer['reason'] };
  const since = readableTime(pendingSince);
  return since ? { ...answer, pendingSince: since } : answer;
}

export async function validateAdminAccess(): Promise<ValidateAdminAccessResult> {
  const { data, error } = await (await backend()).rpc('validate_admin_access');
  if (error) return { ok: false, message: error.message };
  const parsed = parseAdminValidation(data);
  if (!parsed) return { ok: false, message: 'Unexpected answer from validate_admin_access' };
  return { ok: true, data: parsed };
}
