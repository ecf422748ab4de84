/**
 * The guard's two-factor screens: the code prompt for a session still at aal1 whose user has a
 * verified authenticator app, and enrolment when System Configuration requires two-factor.
 */
import { Button, Card, Center, Heading, Stack, Text } from '@chakra-ui/react';
import { useFactors } from '@/features/auth/api/list-factors';
import { useVerifyFactor } from '@/features/auth/api/verify-factor';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { FactorCodeForm } from './factor-code-form';
import { FactorEnrolment } from './factor-enrolment';

function CodePrompt() {
  const factors = useFactors();
  const verify = useVerifyFactor();
  const factor = factors.data?.find((f) => f.status === 'verified' && f.factor_type === 'totp');
  if (factors.isError) return <Text role="alert">{factors.error.message}</Text>;
  if (!factor) return <Text color="fg.muted">Loading…</Text>;
  return (
    <FactorCodeForm
      submitLabel="Verify"
      busy={verify.isPending}
      serverError={verify.error?.message ?? null}
      onCode={(code) => verify.mutate({ factorId: factor.id, code })}
    />
  );
}

export function SecondFactorScreen({ step }: { step: 'code' | 'enrol' }) {
  const { signOut } = useAuth();
  return (
    <Center p="8">
      <Card.Root maxW="lg" w="full">
        <Card.Header>
          <Heading as="h1" size="lg">
            {step === 'code' ? 'Two-factor verification' : 'Set up two-factor authentication'}
          </Heading>
        </Card.Header>
        <Card.Body gap="4">
          <Text>
            {step === 'code'
              ? 'Enter the code from your authenticator app to finish signing in.'
              : 'Your organisation requires an authenticator app (TOTP) for every account. Setting it up takes a minute.'}
          </Text>
          <Stack gap="4">
            {step === 'code' ? <CodePrompt /> : <FactorEnrolment onDone={() => undefined} />}
          </Stack>
          <Button variant="ghost" size="sm" alignSelf="start" onClick={() => void signOut()}>
            Sign out
          </Button>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
