/** One component for every simple public page; the text comes from public-content.ts. */
import { Container, Heading, Stack, Text } from '@chakra-ui/react';
import type { PublicPageContent } from './public-content';
import { useDocumentTitle } from '@/components/ui/use-document-title';

export function PublicPage({ page }: { page: PublicPageContent }) {
  useDocumentTitle(page.title);
  return (
    <Container maxW="3xl" py="12">
      <Stack gap="4">
        <Heading as="h1" size="2xl">
          {page.title}
        </Heading>
        {page.paragraphs.map((paragraph) => (
          <Text key={paragraph}>{paragraph}</Text>
        ))}
      </Stack>
    </Container>
  );
}
