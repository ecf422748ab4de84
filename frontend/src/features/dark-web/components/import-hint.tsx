/** Shown while no post has been imported: posts come from the intel CLI, not from this page. */
import { Code, Stack, Text } from '@chakra-ui/react';

export const IMPORT_COMMAND = 'npm run intel -- import posts.json --format leak-sites';

export function ImportHint() {
  return (
    <Stack gap="1" borderWidth="1px" borderRadius="md" p="4" bg="bg.muted">
      <Text fontWeight="medium">No leak post has been imported yet.</Text>
      <Text fontSize="sm">
        Import ransomware leak-site posts (ransomwatch-style JSON) or pastes from the server with{' '}
        <Code>{IMPORT_COMMAND}</Code>. Watches are matched against every post as it arrives.
      </Text>
    </Stack>
  );
}
