import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { platformPath, publicPaths } from '@/config/paths';
import { PRODUCT } from '@/config/constants';
import { useDocumentTitle } from '@/components/ui/use-document-title';

export function HomeRoute() {
  useDocumentTitle();
  return (
    <Container maxW="3xl" py="16">
      <Stack gap="5">
        <Heading as="h1" size="3xl">
          {PRODUCT.name}
        </Heading>
        <Text fontSize="lg">
          Threat intelligence for security analysts: known exploited vulnerabilities, indicators and alerts,
          matched against your own assets, in one self-hosted platform.
        </Text>
        <Stack direction="row" gap="3">
          <Button asChild>
            <Link to={platformPath('dashboard')}>Open the platform</Link>
          </Button>
          <Button asChild variant="outline">
            <Link to={publicPaths.services}>What it does</Link>
          </Button>
        </Stack>
      </Stack>
    </Container>
  );
}
