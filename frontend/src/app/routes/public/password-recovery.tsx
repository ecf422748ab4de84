/** /auth/forgot-password and /auth/reset-password: asking for a recovery mail, and its link's screen. */
import { Card, Center, Heading, Link, Skeleton, Text } from '@chakra-ui/react';
import { lazy, Suspense, type ReactNode } from 'react';
import { Link as RouterLink, useLocation } from 'react-router';
import { useDocumentTitle } from '@/components/ui/use-document-title';

const ForgotPasswordForm = lazy(() =>
  import('@/features/auth/components/forgot-password-form').then((m) => ({ default: m.ForgotPasswordForm })),
);
const ResetPasswordForm = lazy(() =>
  import('@/features/auth/components/reset-password-form').then((m) => ({ default: m.ResetPasswordForm })),
);

function RecoveryCard({ title, lead, children }: { title: string; lead: string; children: ReactNode }) {
  return (
    <Center py="16" px="4">
      <Card.Root w="full" maxW="sm">
        <Card.Header>
          <Heading as="h1" size="xl">
            {title}
          </Heading>
          <Text color="fg.muted">{lead}</Text>
        </Card.Header>
        <Card.Body>
          <Suspense fallback={<Skeleton h="32" />}>{children}</Suspense>
        </Card.Body>
        <Card.Footer>
          <Link asChild variant="underline" fontSize="sm">
            <RouterLink to="/auth">Back to sign in</RouterLink>
          </Link>
        </Card.Footer>
      </Card.Root>
    </Center>
  );
}

export function ForgotPasswordRoute() {
  useDocumentTitle('Reset password');
  return (
    <RecoveryCard title="Reset password" lead="We mail you a link to choose a new password.">
      <ForgotPasswordForm />
    </RecoveryCard>
  );
}

export function ResetPasswordRoute() {
  useDocumentTitle('Choose a new password');
  const { hash } = useLocation();
  return (
    <RecoveryCard title="Choose a new password" lead="The link from your mail works once.">
      <ResetPasswordForm hash={hash} />
    </RecoveryCard>
  );
}
