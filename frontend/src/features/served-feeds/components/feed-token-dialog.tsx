/**
 * A feed's token, shown once: it lives only in the parent's state and is gone when the dialog
 * closes. The server keeps only its SHA-256.
 */
import { Button, Code, Dialog, Flex, Portal, Stack, Text } from '@chakra-ui/react';
import { WrappingCode } from '@/components/ui/wrapping-code';
import type { FeedToken } from '@/features/served-feeds/api/save-served-feed';
import { curlPoll, feedUrl } from '@/features/served-feeds/utils/feed-selection';
import { CopyButton } from './copy-button';

export function FeedTokenDialog({
  created,
  backendUrl,
  onDone,
}: {
  created: FeedToken;
  backendUrl: string;
  onDone: () => void;
}) {
  const url = feedUrl(backendUrl, created.id);
  return (
    // Closed only on purpose (the button or Escape): focus coming back from the form's dialog, or a
    // stray click, must not throw away a token that cannot be shown again.
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onDone()}
      closeOnInteractOutside={false}
      size="lg"
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>The token of “{created.name}”</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text role="alert" color="fg.warning" fontWeight="medium">
                  This token is shown only now and cannot be read again. Store it on the sensor before you
                  close this; if it is lost, make a new one with “New token”.
                </Text>
                <Flex gap="2" align="center" wrap="wrap">
                  <Code
                    fontSize="md"
                    px="3"
                    py="2"
                    data-testid="feed-token"
                    userSelect="all"
                    wordBreak="break-all"
                  >
                    {created.token}
                  </Code>
                  <CopyButton text={created.token} label="Copy token" />
                </Flex>
                <Text fontSize="sm">
                  The sensor sends it as <Code>Authorization: Bearer &lt;token&gt;</Code> to
                </Text>
                <Flex gap="2" align="center">
                  <WrappingCode>{url}</WrappingCode>
                  <CopyButton text={url} label="Copy URL" />
                </Flex>
                <Text fontSize="sm" color="fg.muted">
                  For example from cron, with the header in a file only root reads and the ETag kept between
                  runs (an unchanged feed answers 304 and the file stays as it is):
                </Text>
                <WrappingCode>{curlPoll(url)}</WrappingCode>
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button onClick={onDone}>I have stored it</Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
