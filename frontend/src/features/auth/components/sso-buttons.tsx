/**
 * "Sign in with <provider>" under the password form, one button per single sign-on provider the auth
 * service offers (its public settings). Nothing at all when none is set up, which is the default.
 */
import { Alert, Button, HStack, Separator, Stack, Text } from '@chakra-ui/react';
import { useEffect, useState } from 'react';
import { listSsoProviders } from '@/features/auth/api/list-sso-providers';
import { signInWithProvider } from '@/features/auth/api/sign-in-with-provider';
import type { SsoProvider, SsoProviderId } from '@/features/auth/utils/sso';

export function SsoButtons() {
  const [providers, setProviders] = useState<SsoProvider[]>([]);
  const [starting, setStarting] = useState<SsoProviderId | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let active = true;
    listSsoProviders().then(
      (found) => active && setProviders(found),
      // Settings out of reach: the password form still works, and says so itself on submit.
      () => undefined,
    );
    return () => {
      active = false;
    };
  }, []);

  if (providers.length === 0) return null;

  const start = async (id: SsoProviderId) => {
    setStarting(id);
    setError(null);
    try {
      await signInWithProvider(id);
    } catch (failure) {
      setError((failure as Error).message);
      setStarting(null);
    }
  };

  return (
    <Stack gap="4" mt="6" aria-label="Single sign-on" role="group">
      <HStack>
        <Separator flex="1" />
        <Text flexShrink="0" fontSize="sm" color="fg.muted">
          or
        </Text>
        <Separator flex="1" />
      </HStack>
      {error && (
        <Alert.Root status="error" role="alert">
          <Alert.Indicator />
          <Alert.Title>{error}</Alert.Title>
        </Alert.Root>
      )}
      {providers.map((provider) => (
        <Button
          key={provider.id}
          variant="outline"
          loading={starting === provider.id}
          loadingText="Opening your identity provider"
          disabled={starting !== null}
          onClick={() => void start(provider.id)}
        >
          Sign in with {provider.label}
        </Button>
      ))}
    </Stack>
  );
}
