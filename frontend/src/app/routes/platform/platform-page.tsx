/** Placeholder body of every platform page until its real content lands: its title and purpose. */
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { PlatformPage as PlatformPageKey } from '../../../config/paths';
import { platformPageInfo } from './platform-pages';

export function PlatformPage({ page }: { page: PlatformPageKey }) {
  const info = platformPageInfo(page);
  return (
    <Stack gap="3" p="6">
      <Heading as="h1" size="2xl">
        {info.title}
      </Heading>
      <Text color="fg.muted">{info.description}</Text>
    </Stack>
  );
}
