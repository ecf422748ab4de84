/**
 * Enrols a TOTP factor (supabase-js `auth.mfa.enroll`): the QR code (an SVG data URI, shown as an
 * image so nothing in it runs), the secret and its otpauth URI, answered once and never again.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { backend } from '@/lib/backend';
import { factorKeys } from './list-factors';
import { throwMfaError } from './mfa-error-message';

export interface NewFactor {
  id: string;
  qrCode: string;
  secret: string;
  uri: string;
}

export async function enrollFactor(friendlyName: string): Promise<NewFactor> {
  const { data, error } = await (
    await backend()
  ).auth.mfa.enroll({
    factorType: 'totp',
    friendlyName,
    issuer: window.location.host,
  });
  throwMfaError(error);
  if (!data) throw new Error('Unexpected answer from enrolment');
  return { id: data.id, qrCode: data.totp.qr_code, secret: data.totp.secret, uri: data.totp.uri };
}

export function useEnrollFactor() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: enrollFactor,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: factorKeys.all }),
  });
}
