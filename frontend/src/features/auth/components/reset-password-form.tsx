/** The screen the recovery link opens: a new password, typed twice, set with the link's session. */
import { Alert, Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { setRecoveredPassword } from '@/features/auth/api/set-recovered-password';
import { recoveryPaths, recoveryTokensFrom } from '@/features/auth/utils/recovery-paths';

export function ResetPasswordForm({ hash }: { hash: string }) {
  // Read once: the fragment is cleared from the address bar so the tokens do not linger in history.
  const [tokens] = useState(() => {
    const found = recoveryTokensFrom(hash);
    if (found) window.history.replaceState(null, '', window.location.pathname);
    return found;
  });
  const [password, setPassword] = useState('');
  const [repeat, setRepeat] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [done, setDone] = useState(false);

  if (!tokens || 'error' in tokens)
    return (
      <Alert.Root status="error" role="alert">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>{tokens?.error ?? 'This page needs the link from a password reset mail.'}</Alert.Title>
          <Alert.Description>
            <Link asChild>
              <RouterLink to={recoveryPaths.forgot}>Ask for a new link</RouterLink>
            </Link>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );

  if (done)
    return (
      <Alert.Root status="success" role="status">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>Your password has been changed</Alert.Title>
          <Alert.Description>
            <Link asChild>
              <RouterLink to="/auth">Sign in with it</RouterLink>
            </Link>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (password === '' || password !== repeat) {
      setError(password === '' ? 'Enter a new password.' : 'The two passwords differ.');
      return;
    }
    setBusy(true);
    setError(null);
    try {
      await setRecoveredPassword(tokens, password);
      setDone(true);
    } catch (failure) {
      setError((failure as Error).message);
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      onSubmit={submit}
      autoComplete="off"
      noValidate
      aria-label="Choose a new password"
      data-security-sensitive="true"
    >
      <Stack gap="4">
        {error && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root required>
          <Field.Label>New password</Field.Label>
          <Input
            type="password"
            name="new-password"
            autoComplete="new-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
          />
          <Field.HelperText>
            At least 12 characters, with lower- and upper-case letters and digits.
          </Field.HelperText>
        </Field.Root>
        <Field.Root required>
          <Field.Label>Repeat it</Field.Label>
          <Input
            type="password"
            name="repeat-password"
            autoComplete="new-password"
            value={repeat}
            onChange={(e) => setRepeat(e.target.value)}
          />
        </Field.Root>
        <Button type="submit" loading={busy} loadingText="Saving">
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
