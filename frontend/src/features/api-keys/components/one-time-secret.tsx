/**
 * A new key's secret, shown once: it lives only in the parent's state and is gone when the user
 * dismisses it or leaves the page. The server keeps only its SHA-256.
 */
import { Button, Code, Flex, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import type { CreatedApiKey } from '@/features/api-keys/api/create-api-key';

export function OneTimeSecret({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(created.secret);
    setCopied(true);
  };
  return (
    <Stack gap="2" borderWidth="1px" borderColor="border.info" rounded="md" p="3" role="status">
      <Text>
        The secret of “{created.name}” is shown only now. Store it in your TAXII client; if it is lost, revoke
        the key and create another.
      </Text>
      <Text fontSize="sm" color="fg.muted">
        User name (key id): <Code>{created.id}</Code>
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <Code fontSize="md" px="3" py="2" data-testid="api-key-secret" userSelect="all" wordBreak="break-all">
          {created.secret}
        </Code>
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
        <Button size="sm" variant="ghost" onClick={onDone}>
          I have stored it
        </Button>
      </Flex>
    </Stack>
  );
}
