/** One frame for every public page but home and sign-in: the title at once, the body as its chunk arrives. */
import { Container, Heading, Skeleton, Stack } from '@chakra-ui/react';
import { Suspense } from 'react';
import { LoadFailureBoundary } from '@/components/errors/load-failure';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import type { PublicPageContent } from './public-content';
import { publicPageBodies } from './public-page-bodies';

export function PublicPage({ page }: { page: PublicPageContent }) {
  useDocumentTitle(page.title);
  const Body = publicPageBodies[page.path];
  return (
    <Container maxW="4xl" py="12">
      <Stack gap="6">
        <Heading as="h1" size="2xl">
          {page.title}
        </Heading>
        {Body && (
          <LoadFailureBoundary>
            <Suspense fallback={<Skeleton h="40" />}>
              <Body />
            </Suspense>
          </LoadFailureBoundary>
        )}
      </Stack>
    </Container>
  );
}
