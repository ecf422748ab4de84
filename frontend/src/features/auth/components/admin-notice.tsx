/** Shown on admin-only screens to a user the backend did not authorize as admin (SPEC §6). */
import { Alert, Center } from '@chakra-ui/react';

export function AdminNotice() {
  return (
    <Center p="8">
      <Alert.Root status="warning" maxW="lg">
        <Alert.Indicator />
        <Alert.Title>Admin privileges required. Contact your administrator for access.</Alert.Title>
      </Alert.Root>
    </Center>
  );
}
