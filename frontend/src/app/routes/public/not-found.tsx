import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { publicPaths } from '@/config/paths';
import { useDocumentTitle } from '@/components/ui/use-document-title';

export function NotFoundRoute() {
  useDocumentTitle('Page not found');
  return (
    <Container maxW="3xl" py="16">
      <Stack gap="4" align="start">
        <Heading as="h1" size="2xl">
          Page not found
        </Heading>
        <Text>There is no page at this address. It may have moved, or the link may be mistyped.</Text>
        <Button asChild variant="outline">
          <Link to={publicPaths.home}>Go to the home page</Link>
        </Button>
      </Stack>
    </Container>
  );
}
