/** The full-screen wait used by the guards and the lazy platform pages (SPEC §2 texts are passed in). */
import { Center, Spinner, Stack, Text } from '@chakra-ui/react';

export function FullScreenLoader({ label }: { label: string }) {
  return (
    <Center minH="100dvh" role="status" aria-live="polite">
      <Stack align="center" gap="4">
        <Spinner size="xl" color="blue.solid" aria-hidden="true" />
        <Text>{label}</Text>
      </Stack>
    </Center>
  );
}
