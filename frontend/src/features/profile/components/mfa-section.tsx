/**
 * Two-factor state of the account and, for an admin, the renewal of the backup codes behind a fresh
 * authenticator code. The new codes are drawn by `renderCodes` (the route passes the sign-in flow's
 * backup code list, with copy and download) and shown only until the user hides them.
 */
import { Badge, Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { formatDateTime } from '@/lib/format/format';
import type { MyAccount } from '@/features/profile/api/get-my-account';
import { useRegenerateBackupCodes } from '@/features/profile/api/regenerate-backup-codes';
import { renewalFailureMessage } from '@/features/profile/utils/renewal-messages';

interface MfaSectionProps {
  account: MyAccount;
  renderCodes: (codes: string[]) => ReactNode;
}

export function MfaState({ account }: { account: MyAccount }) {
  if (!account.is_admin)
    return (
      <Text>Two-factor authentication is for administrators; your account signs in with its password.</Text>
    );
  if (account.mfa_status !== 'active')
    return <Text>Not set up yet: the Admin Dashboard asks you to enrol an authenticator app.</Text>;
  return (
    <Stack gap="1">
      <Text>
        <Badge colorPalette="green" me="2">
          Enrolled
        </Badge>
        {account.mfa_verified_this_session
          ? 'Verified in this session.'
          : 'Not yet verified in this session.'}
      </Text>
      <Text data-testid="backup-codes-left">Backup codes left: {account.backup_codes_left}</Text>
      {account.mfa_locked_until && (
        <Text color="fg.error">
          Locked after wrong codes until {formatDateTime(account.mfa_locked_until)}.
        </Text>
      )}
    </Stack>
  );
}

export function MfaSection({ account, renderCodes }: MfaSectionProps) {
  const [code, setCode] = useState('');
  const [codes, setCodes] = useState<string[] | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const renew = useRegenerateBackupCodes();
  const canRenew = account.is_admin && account.mfa_status === 'active' && account.mfa_verified_this_session;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(candidate)) return setFailure('Enter the 6-digit code from your authenticator app.');
    setFailure(null);
    renew.mutate(candidate, {
      onSuccess: (result) => {
        setCode('');
        if (result.success) setCodes(result.codes);
        else setFailure(renewalFailureMessage(result.reason));
      },
    });
  };

  return (
    <Stack gap="4">
      <MfaState account={account} />
      {codes ? (
        <Stack gap="3" maxW="lg">
          <Text fontWeight="semibold">Your new backup codes replace all earlier ones.</Text>
          {renderCodes(codes)}
          <Button size="sm" alignSelf="start" onClick={() => setCodes(null)}>
            I have stored them
          </Button>
        </Stack>
      ) : canRenew ? (
        <form onSubmit={submit} noValidate autoComplete="off">
          <Stack gap="3" maxW="md">
            <Field.Root invalid={failure !== null}>
              <Field.Label>Authenticator code to renew the backup codes</Field.Label>
              <Input
                value={code}
                inputMode="numeric"
                autoComplete="one-time-code"
                maxLength={6}
                onChange={(event) => setCode(event.target.value)}
              />
              <Field.HelperText>
                Ten new codes replace every earlier backup code, used or not.
              </Field.HelperText>
              {failure && <Field.ErrorText>{failure}</Field.ErrorText>}
            </Field.Root>
            <Button type="submit" size="sm" alignSelf="start" loading={renew.isPending}>
              Regenerate backup codes
            </Button>
            {renew.isError && (
              <Text role="alert" color="fg.error" fontSize="sm">
                The backup codes could not be renewed: {renew.error.message}
              </Text>
            )}
          </Stack>
        </form>
      ) : null}
    </Stack>
  );
}
