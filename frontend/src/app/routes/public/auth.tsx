/** /auth: the sign-in screen. Someone already signed in goes straight on to the platform. */
import { Card, Center, Heading, Text } from '@chakra-ui/react';
import { Navigate, useLocation } from 'react-router';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { SignInForm } from '@/features/auth/components/sign-in-form';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { returnPathFrom } from '@/features/auth/utils/return-location';
import { useDocumentTitle } from '@/components/ui/use-document-title';

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
          <SignInForm />
        </Card.Body>
      </Card.Root>
    </Center>
  );
}
