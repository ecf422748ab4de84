/**
 * Profile: the signed-in user's name, password, theme, second factor and sessions. The page is a list
 * of sections so that a feature adds its own with one entry (the per-user API keys come next).
 */
import { Button, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { PageHeading } from '@/components/ui/page-heading';
import { ApiKeysSection } from '@/features/api-keys/components/api-keys-section';
import { AuthenticatorFactors } from '@/features/auth/components/factors/authenticator-factors';
import { BackupCodes } from '@/features/auth/components/mfa/backup-codes';
import { useMyAccount, type MyAccount } from '@/features/profile/api/get-my-account';
import { DisplayNameForm } from '@/features/profile/components/display-name-form';
import { MfaSection } from '@/features/profile/components/mfa-section';
import { PasswordForm } from '@/features/profile/components/password-form';
import { ProfileSection } from '@/features/profile/components/profile-section';
import { SessionsSection } from '@/features/profile/components/sessions-section';
import { ThemeToggle } from '@/features/theme/components/theme-toggle';
import type { PlatformPageProps } from './pages';

interface ProfileSlot {
  id: string;
  title: string;
  description?: string;
  render: (account: MyAccount) => ReactNode;
  /** Shown only when this answers true (default: always). */
  visible?: (account: MyAccount) => boolean;
}

/** In page order. Add a section here (e.g. API keys) and the page shows it. */
export const profileSections: readonly ProfileSlot[] = [
  {
    id: 'name',
    title: 'Name',
    description: 'How the platform shows you to other users.',
    render: (account) => <DisplayNameForm userId={account.user_id} initialName={account.display_name} />,
  },
  {
    id: 'password',
    title: 'Password',
    description: 'Changing it signs out your other sessions.',
    render: () => <PasswordForm />,
  },
  {
    id: 'theme',
    title: 'Theme',
    render: () => (
      <Flex gap="3" align="center">
        <ThemeToggle />
        <Text fontSize="sm" color="fg.muted">
          Light, dark or the system setting; kept in this browser.
        </Text>
      </Flex>
    ),
  },
  {
    id: 'mfa',
    title: 'Two-factor authentication',
    description: 'A code from an authenticator app at each sign-in, besides your password.',
    render: () => <AuthenticatorFactors />,
  },
  {
    id: 'admin-mfa',
    title: 'Administrator second factor',
    description: 'The code and backup codes that administrator pages ask for.',
    visible: (account) => account.is_admin,
    render: (account) => (
      <MfaSection account={account} renderCodes={(codes) => <BackupCodes codes={codes} />} />
    ),
  },
  {
    id: 'sessions',
    title: 'Sessions',
    description: 'Where your account is signed in.',
    render: () => <SessionsSection />,
  },
  {
    id: 'api-keys',
    title: 'API keys',
    description: 'For TAXII 2.1 clients: HTTP Basic with the key id and its secret.',
    render: () => <ApiKeysSection />,
  },
];

export default function ProfilePage({ definition }: PlatformPageProps) {
  const account = useMyAccount();
  return (
    <Stack gap="5" p={{ base: '3', md: '6' }} maxW="5xl">
      <PageHeading title={definition.title}>
        {account.data && (
          <span data-testid="profile-email">
            Signed in as {account.data.email}
            {account.data.is_admin ? ' (administrator)' : ''}
          </span>
        )}
      </PageHeading>
      {account.isPending ? (
        <Flex gap="2" align="center" role="status" color="fg.muted">
          <Spinner size="sm" /> Loading your profile…
        </Flex>
      ) : account.isError ? (
        <Stack role="alert" gap="2" align="flex-start">
          <Text>Your profile could not be loaded: {account.error.message}</Text>
          <Button size="sm" variant="outline" onClick={() => void account.refetch()}>
            Retry
          </Button>
        </Stack>
      ) : (
        profileSections
          .filter((section) => section.visible?.(account.data) ?? true)
          .map((section) => (
            <ProfileSection key={section.id} title={section.title} description={section.description}>
              {section.render(account.data)}
            </ProfileSection>
          ))
      )}
    </Stack>
  );
}
