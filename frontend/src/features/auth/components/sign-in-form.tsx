/**
 * The sign-in form at /auth. Marked security-sensitive, so autocomplete is off on the form and its fields
 * (SPEC §5). On success it records the session and returns the user to where the guard stopped them.
 */
import { Alert, Button, Field, Input, Link, Stack } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/store/hooks';
import { mapSession } from '@/features/auth/api/map-session';
import { signInWithPassword } from '@/features/auth/api/sign-in-with-password';
import { authStateChanged } from '@/features/auth/state/auth-slice';
import { recoveryPaths } from '@/features/auth/utils/recovery-paths';
import { returnPathFrom } from '@/features/auth/utils/return-location';

export function SignInForm() {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const location = useLocation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const [missing, setMissing] = useState({ email: false, password: false });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const emailValue = email.trim();
    const nextMissing = { email: emailValue === '', password: password === '' };
    setMissing(nextMissing);
    if (nextMissing.email || nextMissing.password) return;
    setBusy(true);
    setError(null);
    const result = await signInWithPassword(emailValue, password);
    setBusy(false);
    if (!result.ok) {
      setError(result.message);
      return;
    }
    setPassword('');
    dispatch(authStateChanged(mapSession(result.session)));
    navigate(returnPathFrom(location.state), { replace: true });
  };

  return (
    <form onSubmit={submit} autoComplete="off" noValidate aria-label="Sign in" data-security-sensitive="true">
      <Stack gap="4">
        {error && (
          <Alert.Root status="error" role="alert">
            <Alert.Indicator />
            <Alert.Title>{error}</Alert.Title>
          </Alert.Root>
        )}
        <Field.Root required invalid={missing.email}>
          <Field.Label>
            Email
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="email"
            name="email"
            autoComplete="off"
            value={email}
            onChange={(event) => setEmail(event.target.value)}
          />
          <Field.ErrorText>Enter your email address.</Field.ErrorText>
        </Field.Root>
        <Field.Root required invalid={missing.password}>
          <Field.Label>
            Password
            <Field.RequiredIndicator />
          </Field.Label>
          <Input
            type="password"
            name="password"
            autoComplete="off"
            value={password}
            onChange={(event) => setPassword(event.target.value)}
          />
          <Field.ErrorText>Enter your password.</Field.ErrorText>
        </Field.Root>
        <Button type="submit" loading={busy} loadingText="Signing in">
          Sign in
        </Button>
        <Link asChild variant="underline" fontSize="sm" alignSelf="center">
          <RouterLink to={recoveryPaths.forgot}>Forgot your password?</RouterLink>
        </Link>
      </Stack>
    </form>
  );
}
