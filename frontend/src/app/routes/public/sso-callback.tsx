/** /auth/callback: the end of a single sign-on (features/auth/components/sso-callback.tsx). */
import { Card, Center, Heading, Skeleton } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { useLocation } from 'react-router';
import { useDocumentTitle } from '@/components/ui/use-document-title';

const SsoCallback = lazy(() =>
  import('@/features/auth/components/sso-callback').then((m) => ({ default: m.SsoCallback })),
);

export function SsoCallbackRoute() {
  useDocumentTitle('Signing in');
  const { search } = useLocation();
  return (
    <Center py="16" px="4">
      <Card.Root w="full" maxW="sm">
        <Card.Header>
          <Heading as="h1" size="xl">
            Single sign-on
          </Heading>
        </Card.Header>
        <Card.Body>
          <Suspense fallback={<Skeleton h="16" />}>
            <SsoCallback search={search} />
          </Suspense>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
