/**
 * Adding an authenticator app: a name, then the QR code and key (shown this once: the server never
 * answers them again), then the first code, which verifies the factor and this session. Cancelling
 * removes the unverified factor.
 */
import { Alert, Button, Code, Field, Image, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useEnrollFactor, type NewFactor } from '@/features/auth/api/enroll-factor';
import { useUnenrollFactor } from '@/features/auth/api/unenroll-factor';
import { useVerifyFactor } from '@/features/auth/api/verify-factor';
import { FactorCodeForm } from './factor-code-form';

export function FactorEnrolment({ onDone, onCancel }: { onDone: () => void; onCancel?: () => void }) {
  const [name, setName] = useState('Authenticator app');
  const [factor, setFactor] = useState<NewFactor | null>(null);
  const enroll = useEnrollFactor();
  const verify = useVerifyFactor();
  const unenroll = useUnenrollFactor();

  const start = (event: FormEvent) => {
    event.preventDefault();
    enroll.mutate(name.trim(), { onSuccess: setFactor });
  };
  const cancel = () => {
    if (factor) unenroll.mutate(factor.id);
    setFactor(null);
    onCancel?.();
  };

  if (!factor)
    return (
      <form onSubmit={start} autoComplete="off" noValidate>
        <Stack gap="3" maxW="sm">
          {enroll.error && (
            <Alert.Root status="error" role="alert">
              <Alert.Indicator />
              <Alert.Title>{enroll.error.message}</Alert.Title>
            </Alert.Root>
          )}
          <Field.Root>
            <Field.Label>Name of this authenticator</Field.Label>
            <Input value={name} maxLength={60} onChange={(event) => setName(event.target.value)} />
            <Field.HelperText>Shown in your list, e.g. the phone the app runs on.</Field.HelperText>
          </Field.Root>
          <Stack direction="row" gap="2">
            <Button type="submit" loading={enroll.isPending} loadingText="Preparing">
              Continue
            </Button>
            {onCancel && (
              <Button variant="ghost" onClick={onCancel}>
                Cancel
              </Button>
            )}
          </Stack>
        </Stack>
      </form>
    );

  return (
    <Stack gap="4" data-testid="factor-enrolment">
      <Text>1. Scan this QR code with your authenticator app, or enter the key by hand.</Text>
      <Image
        src={factor.qrCode}
        alt="QR code for adding this account to your authenticator app"
        boxSize="180px"
        bg="white"
        p="2"
        rounded="md"
      />
      <Stack gap="1">
        <Text fontSize="sm" color="fg.muted">
          Key (shown only now)
        </Text>
        <Code wordBreak="break-all" alignSelf="start" data-testid="factor-secret">
          {factor.secret}
        </Code>
      </Stack>
      <Text>2. Enter the code your app shows to switch two-factor authentication on.</Text>
      <FactorCodeForm
        submitLabel="Verify and turn on"
        busy={verify.isPending}
        serverError={verify.error?.message ?? null}
        onCode={(code) => verify.mutate({ factorId: factor.id, code }, { onSuccess: onDone })}
      />
      <Button variant="ghost" size="sm" alignSelf="start" onClick={cancel}>
        Cancel enrolment
      </Button>
    </Stack>
  );
}
