/** The body of a text-only public page: an optional lead paragraph and its sections. */
import { Stack, Text } from '@chakra-ui/react';
import { ContentSections } from '@/features/public-site/components/content-sections';
import type { ContentSection } from '@/features/public-site/content/section';

export function TextPageBody({ lead, sections }: { lead?: string; sections: readonly ContentSection[] }) {
  return (
    <Stack gap="8">
      {lead && <Text fontSize="lg">{lead}</Text>}
      <ContentSections sections={sections} />
    </Stack>
  );
}
