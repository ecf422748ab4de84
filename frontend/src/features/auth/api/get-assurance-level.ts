/**
 * Where this session stands (supabase-js `auth.mfa.getAuthenticatorAssuranceLevel`, read from the
 * JWT and the session's user) and whether the installation requires two-factor (RPC `mfa_required`).
 */
import { backend } from '@/lib/backend';

export interface AssuranceAnswer {
  currentLevel: string | null;
  nextLevel: string | null;
  required: boolean;
}

export async function getAssurance(): Promise<AssuranceAnswer> {
  const client = await backend();
  const [{ data, error }, required] = await Promise.all([
    client.auth.mfa.getAuthenticatorAssuranceLevel(),
    client.rpc('mfa_required'),
  ]);
  if (error) throw new Error(error.message);
  if (required.error) throw new Error(required.error.message);
  return { currentLevel: data.currentLevel, nextLevel: data.nextLevel, required: required.data === true };
}
