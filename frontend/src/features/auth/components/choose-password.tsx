/**
 * "Choose your password": shown instead of the platform after a sign-in with a one-time password
 * (an account an administrator created or reset). The server refuses every request of this session
 * until it is done; the rules are the auth service's own, listed so nobody has to guess them.
 */
import { Alert, Button, Card, Center, Heading, List, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useAppDispatch } from '@/app/store/hooks';
import { PasswordField } from '@/components/ui/password-field';
import { choosePassword } from '@/features/auth/api/choose-password';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { passwordChoiceSettled, passwordChoiceStarted } from '@/features/auth/state/auth-slice';
import { passwordProblems, PASSWORD_RULES } from '@/lib/password-policy';

export function ChoosePassword() {
  const dispatch = useAppDispatch();
  const { user, signOut } = useAuth();
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    if (current === '') return setError('Enter the one-time password you signed in with.');
    if (passwordProblems(next).length > 0)
      return setError('The new password does not follow the rules below.');
    if (next !== repeat) return setError('The two new passwords are not the same.');
    setBusy(true);
    setError(null);
    dispatch(passwordChoiceStarted());
    try {
      await choosePassword({ current, next });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      dispatch(passwordChoiceSettled());
      setBusy(false);
    }
  };

  return (
    <Center p={{ base: '4', md: '8' }}>
      <Card.Root maxW="lg" w="full">
        <Card.Header>
          <Heading as="h1" size="lg">
            Choose your password
          </Heading>
          <Text color="fg.muted">
            {user?.email ?? 'You'} signed in with a one-time password from an administrator. Choose your own
            before you continue; the one-time password then stops working.
          </Text>
        </Card.Header>
        <Card.Body>
          <form onSubmit={(event) => void submit(event)} noValidate>
            <Stack gap="4">
              {error && (
                <Alert.Root status="error">
                  <Alert.Indicator />
                  <Alert.Title>{error}</Alert.Title>
                </Alert.Root>
              )}
              <PasswordField
                label="One-time password"
                autoComplete="current-password"
                value={current}
                onChange={setCurrent}
              />
              <PasswordField
                label="New password"
                autoComplete="new-password"
                value={next}
                onChange={setNext}
              />
              <PasswordField
                label="New password again"
                autoComplete="new-password"
                value={repeat}
                onChange={setRepeat}
              />
              <Stack gap="1" aria-label="Password rules">
                <Text fontSize="sm">Your password needs:</Text>
                <List.Root fontSize="sm" ps="5">
                  {PASSWORD_RULES.map((rule) => (
                    <List.Item key={rule.label} color={rule.met(next) ? 'fg' : 'fg.muted'}>
                      {rule.label}
                      {rule.met(next) ? ' ✓' : ''}
                    </List.Item>
                  ))}
                </List.Root>
              </Stack>
              <Stack direction="row" gap="2" wrap="wrap">
                <Button type="submit" loading={busy} loadingText="Saving">
                  Save and continue
                </Button>
                <Button variant="ghost" onClick={() => void signOut()}>
                  Sign out
                </Button>
              </Stack>
            </Stack>
          </form>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
