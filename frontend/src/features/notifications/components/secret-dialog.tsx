/**
 * A webhook's signing secret, shown once: it lives only in the parent's state and is gone when the
 * dialog closes. The server never answers it again.
 */
import { Button, Code, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { ChannelSecret } from '@/features/notifications/api/save-notification-channel';

export function SecretDialog({ created, onDone }: { created: ChannelSecret; onDone: () => void }) {
  return (
    // Not closed by a click outside: it opens while the click that saved the channel is still under way,
    // and a secret shown once should be acknowledged, not dismissed by accident.
    <Dialog.Root
      open
      onOpenChange={(details) => !details.open && onDone()}
      size="lg"
      closeOnInteractOutside={false}
    >
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>The signing secret of “{created.name}”</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="3">
                <Text role="alert" color="fg.warning" fontWeight="medium">
                  This secret is shown only now and cannot be read again. Give it to the receiver before you
                  close this; if it is lost, make a new one with “New secret”.
                </Text>
                <Code
                  fontSize="md"
                  px="3"
                  py="2"
                  data-testid="webhook-secret"
                  userSelect="all"
                  wordBreak="break-all"
                >
                  {created.secret}
                </Code>
                <Text fontSize="sm" color="fg.muted">
                  Each message carries webhook-id, webhook-timestamp and webhook-signature headers (Standard
                  Webhooks); any Standard Webhooks library verifies them with this secret.
                </Text>
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
