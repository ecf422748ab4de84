/**
 * Two-factor setup when the admin comes back to it with an enrolment still waiting for its first code
 * (the server's `pending_since`). Starting again would silently replace the key they may already have
 * scanned and the backup codes they may have stored, so it is said, and finishing with a code comes first.
 */
import { Alert, Button, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@/lib/format/format';
import { MfaCodeForm } from './mfa-code-form';

export function MfaPendingSetup({
  since,
  starting,
  onStartAgain,
  onVerified,
}: {
  since: string;
  starting: boolean;
  onStartAgain: () => void;
  onVerified: () => void;
}) {
  return (
    <Stack gap="5">
      <Alert.Root status="warning">
        <Alert.Indicator />
        <Alert.Content>
          <Alert.Title>
            You started setting up an authenticator on {formatDateTime(since)} and did not finish.
          </Alert.Title>
          <Alert.Description>
            If your app already shows a code for this platform, enter it to finish that setup; the backup
            codes shown then stay valid. If not, start again: you get a new key and new backup codes, and the
            earlier key and backup codes stop working.
          </Alert.Description>
        </Alert.Content>
      </Alert.Root>
      <MfaCodeForm allowBackupCode={false} submitLabel="Finish setup" onVerified={onVerified} />
      <Stack gap="2">
        <Text fontSize="sm">Lost the earlier key, or never scanned it?</Text>
        <Button
          variant="outline"
          onClick={onStartAgain}
          loading={starting}
          loadingText="Preparing"
          alignSelf="start"
        >
          Start again with a new key
        </Button>
      </Stack>
    </Stack>
  );
}
