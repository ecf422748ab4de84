/**
 * /auth/callback, where the auth service sends the browser back after single sign-on: `?code=` is
 * exchanged for a session and the user goes on to the platform; an `error_code` is explained in our
 * own words. The code is taken out of the address bar at once.
 */
import { Alert, Button, Spinner, Stack, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState } from 'react';
import { Link as RouterLink, useNavigate } from 'react-router';
import { useAppDispatch } from '@/app/store/hooks';
import { platformPath, publicPaths } from '@/config/paths';
import { exchangeSsoCode } from '@/features/auth/api/exchange-sso-code';
import { mapSession } from '@/features/auth/api/map-session';
import { authStateChanged } from '@/features/auth/state/auth-slice';
import { ssoErrorMessage } from '@/features/auth/utils/sso';

export function SsoCallback({ search }: { search: string }) {
  const dispatch = useAppDispatch();
  const navigate = useNavigate();
  const [params] = useState(() => new URLSearchParams(search));
  const code = params.get('code');
  const [error, setError] = useState<string | null>(() =>
    code ? null : ssoErrorMessage(params.get('error_code'), params.get('error')),
  );
  const started = useRef(false);

  useEffect(() => {
    window.history.replaceState(null, '', window.location.pathname);
    if (!code || started.current) return;
    started.current = true;
    exchangeSsoCode(code).then(
      (session) => {
        dispatch(authStateChanged(mapSession(session)));
        navigate(platformPath('dashboard'), { replace: true });
      },
      (failure: unknown) => setError((failure as Error).message),
    );
  }, [code, dispatch, navigate]);

  if (error)
    return (
      <Stack gap="4">
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
        <Button asChild variant="outline">
          <RouterLink to={publicPaths.auth}>Back to sign in</RouterLink>
        </Button>
      </Stack>
    );
  return (
    <Stack direction="row" gap="3" align="center" role="status">
      <Spinner size="sm" />
      <Text>Completing your sign-in…</Text>
    </Stack>
  );
}
