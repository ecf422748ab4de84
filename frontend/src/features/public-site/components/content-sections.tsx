/** The body of a text page: sections with an h2 each, paragraphs and lists, all as plain React text. */
import { Box, Heading, Stack, Text } from '@chakra-ui/react';
import type { ContentSection } from '@/features/public-site/content/section';

export function ContentSections({ sections }: { sections: readonly ContentSection[] }) {
  return (
    <Stack gap="8">
      {sections.map((section) => (
        <Stack as="section" gap="3" key={section.heading}>
          <Heading as="h2" size="lg">
            {section.heading}
          </Heading>
          {section.paragraphs?.map((paragraph) => (
            <Text key={paragraph}>{paragraph}</Text>
          ))}
          {section.items && (
            <Box as="ul" ps="5" listStyleType="disc">
              {section.items.map((item) => (
                <Box as="li" key={item} mb="1">
                  {item}
                </Box>
              ))}
            </Box>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
