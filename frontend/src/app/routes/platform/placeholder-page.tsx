/** The body of a platform page not built yet: its title and what it will show. */
import { Stack } from '@chakra-ui/react';
import { PageHeading } from '@/components/ui/page-heading';
import type { PlatformPageProps } from './pages';

export default function PlaceholderPage({ definition }: PlatformPageProps) {
  return (
    <Stack gap="3" p="6">
      <PageHeading title={definition.title}>{definition.description}</PageHeading>
    </Stack>
  );
}
