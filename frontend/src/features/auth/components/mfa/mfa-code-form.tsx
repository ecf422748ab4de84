/** One code field for both two-factor screens: submits to verify_admin_totp and explains failures. */
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';
import { useAppDispatch } from '@/app/store/hooks';
import type { MfaVerification } from '@/features/auth/api/verify-admin-totp';
import { verifyMfa } from '@/features/auth/state/auth-thunks';
import { isAcceptableMfaCode, mfaFailureMessage } from '@/features/auth/utils/mfa-messages';

export function MfaCodeForm({
  allowBackupCode,
  submitLabel,
  onVerified,
}: {
  allowBackupCode: boolean;
  submitLabel: string;
  onVerified?: (result: MfaVerification) => void;
}) {
  const dispatch = useAppDispatch();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [remaining, setRemaining] = useState<number | null>(null);
  const [busy, setBusy] = useState(false);
  const hintId = useId();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const candidate = code.replace(/\s/g, '');
    if (!isAcceptableMfaCode(candidate, allowBackupCode)) {
      setError(
        allowBackupCode
          ? 'Enter the 6-digit code from your authenticator app, or a backup code like ABCDE-FGH23.'
          : 'Enter the 6-digit code from your authenticator app.',
      );
      return;
    }
    setBusy(true);
    setError(null);
    const result = await dispatch(verifyMfa(candidate));
    setBusy(false);
    setRemaining(result.remainingBackupCodes);
    if (result.success) {
      setCode('');
      onVerified?.(result);
    } else {
      setError(mfaFailureMessage(result.reason, candidate));
    }
  };

  return (
    <form onSubmit={submit} autoComplete="off" noValidate>
      <Stack gap="3">
        <Field.Root invalid={error !== null}>
          <Field.Label>
            {allowBackupCode ? 'Authentication or backup code' : 'Authentication code'}
          </Field.Label>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode={allowBackupCode ? 'text' : 'numeric'}
            maxLength={allowBackupCode ? 11 : 6}
            aria-describedby={hintId}
          />
          <Field.HelperText id={hintId}>
            {allowBackupCode
              ? 'The 6-digit code from your authenticator app, or one of your backup codes.'
              : 'The 6-digit code your authenticator app shows now.'}
          </Field.HelperText>
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        {remaining !== null && allowBackupCode && (
          <Text fontSize="sm" color="fg.muted">
            Backup codes remaining: {remaining}
          </Text>
        )}
        <Button type="submit" loading={busy} loadingText="Verifying" alignSelf="start">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
