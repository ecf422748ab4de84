/** The body of a platform page not built yet: its title and what it will show. */
import { Heading, Stack, Text } from '@chakra-ui/react';
import type { PlatformPageProps } from './pages';

export default function PlaceholderPage({ definition }: PlatformPageProps) {
  return (
    <Stack gap="3" p="6">
      <Heading as="h1" size="2xl">
        {definition.title}
      </Heading>
      <Text color="fg.muted">{definition.description}</Text>
    </Stack>
  );
}
