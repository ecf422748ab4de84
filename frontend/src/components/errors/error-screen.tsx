/** The common frame of every error screen: an alert region with a heading, a sentence and actions. */
import { Center, Heading, HStack, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

export function ErrorScreen({
  title,
  message,
  actions,
  children,
  fullScreen = true,
}: {
  title: string;
  message: string;
  actions: ReactNode;
  children?: ReactNode;
  fullScreen?: boolean;
}) {
  return (
    <Center minH={fullScreen ? '100dvh' : '60vh'} p="6">
      <Stack role="alert" gap="4" maxW="lg" textAlign="center" align="center">
        <Heading as="h1" size="xl">
          {title}
        </Heading>
        <Text color="fg.muted">{message}</Text>
        {children}
        <HStack gap="3" flexWrap="wrap" justify="center">
          {actions}
        </HStack>
      </Stack>
    </Center>
  );
}

export function reloadPage() {
  window.location.reload();
}
