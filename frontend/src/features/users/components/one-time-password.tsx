/**
 * A one-time password (new account or reset), shown once: it lives only in this component's props (never in a store or
 * the query cache) and is gone when the dialog closes.
 */
import { Button, Code, Flex, Text } from '@chakra-ui/react';
import { useState } from 'react';

export function OneTimePassword({ email, password }: { email: string; password: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(password);
    setCopied(true);
  };
  return (
    <Flex direction="column" gap="3">
      <Text>
        Give {email} this one-time password by a channel you trust. They choose their own password when they
        first sign in with it. It is shown only now; if it is lost, reset the password from the account's
        page.
      </Text>
      <Flex gap="2" align="center" wrap="wrap">
        <Code fontSize="lg" px="3" py="2" data-testid="one-time-password" userSelect="all">
          {password}
        </Code>
        <Button size="sm" variant="outline" onClick={() => void copy()}>
          {copied ? 'Copied' : 'Copy'}
        </Button>
      </Flex>
    </Flex>
  );
}
