/** Asks for a recovery mail. The answer never says whether the address has an account. */
import { Alert, Button, Field, Input, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { requestPasswordReset } from '@/features/auth/api/request-password-reset';

export function ForgotPasswordForm() {
  const [email, setEmail] = useState('');
  const [missing, setMissing] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [sent, setSent] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const value = email.trim();
    setMissing(value === '');
    if (value === '') return;
    setBusy(true);
    setError(null);
    try {
      await requestPasswordReset(value);
      setSent(true);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  if (sent)
    return (
      <Stack gap="4">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Check your mail</Alert.Title>
            <Alert.Description>
              If an account uses <strong>{email.trim()}</strong>, a link to choose a new password is on its
              way. It works once, for one hour.
            </Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button variant="outline" onClick={() => setSent(false)}>
          Use another address
        </Button>
      </Stack>
    );

  return (
    <form
      onSubmit={submit}
      autoComplete="off"
      noValidate
      aria-label="Reset password"
      data-security-sensitive="true"
    >
      <Stack gap="4">
        {error && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root required invalid={missing}>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="off"
            value={email}
            onChange={(e) => {
              setEmail(e.target.value);
              setMissing(false);
            }}
          />
          <Field.ErrorText>Enter your email address.</Field.ErrorText>
        </Field.Root>
        <Button type="submit" loading={busy} loadingText="Sending">
          Send reset link
        </Button>
      </Stack>
    </form>
  );
}
