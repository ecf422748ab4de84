/** /auth: the sign-in screen. Someone already signed in goes straight on to the platform. */
import { Card, Center, Heading, Skeleton, Text } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { returnPathFrom } from '@/features/auth/utils/return-location';
import { useDocumentTitle } from '@/components/ui/use-document-title';

// The form and its fields load with this page, not with the home page.
const SignInForm = lazy(() =>
  import('@/features/auth/components/sign-in-form').then((m) => ({ default: m.SignInForm })),
);
// Single sign-on buttons: none unless the auth service offers a provider.
const SsoButtons = lazy(() =>
  import('@/features/auth/components/sso-buttons').then((m) => ({ default: m.SsoButtons })),
);

export function AuthRoute() {
  useDocumentTitle('Sign in');
  const { user, session, loading } = useAuth();
  const location = useLocation();
  if (loading) return <FullScreenLoader label="Verifying access..." />;
  if (user && session) return <Navigate to={returnPathFrom(location.state)} replace />;
  return (
    <Center py="16" px="4">
      <Card.Root w="full" maxW="sm">
        <Card.Header>
          <Heading as="h1" size="xl">
            Sign in
          </Heading>
          <Text color="fg.muted">Use the account your administrator gave you.</Text>
        </Card.Header>
        <Card.Body>
          <Suspense fallback={<Skeleton h="48" />}>
            <SignInForm />
          </Suspense>
          <Suspense fallback={null}>
            <SsoButtons />
          </Suspense>
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
