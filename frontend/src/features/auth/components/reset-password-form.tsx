/** The screen the recovery link opens: a new password, typed twice, set with the link's session. */
import { Alert, Button, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink } from 'react-router';
import { PasswordField } from '@/components/ui/password-field';
import { setRecoveredPassword } from '@/features/auth/api/set-recovered-password';
import { recoveryPaths, recoveryTokensFrom } from '@/features/auth/utils/recovery-paths';
import { PASSWORD_POLICY_TEXT, passwordProblems, problemsInWords } from '@/lib/password-policy';

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
            <Link asChild variant="underline" fontWeight="medium">
              <RouterLink to={recoveryPaths.forgot}>Ask for a new link</RouterLink>
            </Link>
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
    );

  if (done)
    return (
      <Stack gap="4">
        <Alert.Root status="success" role="status">
          <Alert.Indicator />
          <Alert.Content>
            <Alert.Title>Your password has been changed</Alert.Title>
            <Alert.Description>The link from the mail no longer works.</Alert.Description>
          </Alert.Content>
        </Alert.Root>
        <Button asChild>
          <RouterLink to="/auth">Sign in with the new password</RouterLink>
        </Button>
      </Stack>
    );

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const problems = passwordProblems(password);
    if (password === '') return setError('Enter a new password.');
    if (problems.length > 0) return setError(`The new password needs ${problemsInWords(problems)}.`);
    if (password !== repeat) return setError('The two passwords differ.');
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
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={password}
          onChange={setPassword}
          helperText={PASSWORD_POLICY_TEXT}
        />
        <PasswordField
          label="Repeat the new password"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
        />
        <Button type="submit" loading={busy} loadingText="Saving">
          Set new password
        </Button>
      </Stack>
    </form>
  );
}
