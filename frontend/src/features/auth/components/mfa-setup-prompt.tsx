/**
 * An administrator without a second factor is asked to set it up wherever they land after sign-in,
 * not only on admin pages (the admin role does nothing for them until it is set up).
 */
import { Alert, Button } from '@chakra-ui/react';
import { Link, useLocation } from 'react-router';
import { useAuth } from '@/features/auth/hooks/use-auth';

export function MfaSetupPrompt({ setupHref }: { setupHref: string }) {
  const { adminValidation } = useAuth();
  const location = useLocation();
  if (adminValidation?.reason !== 'mfa_setup_required' || location.pathname === setupHref) return null;
  return (
    <Alert.Root status="warning" borderRadius="0">
      <Alert.Indicator />
      <Alert.Content>
        <Alert.Title>Set up two-factor authentication</Alert.Title>
        <Alert.Description>
          Your administrator account has no second factor yet. Administration stays locked until you add one.
        </Alert.Description>
      </Alert.Content>
      <Button asChild size="sm" alignSelf="center">
        <Link to={setupHref}>Set it up now</Link>
      </Button>
    </Alert.Root>
  );
}
