/** /: what the platform does, live figures from this installation's knowledge base, and screenshots. */
import { Button, Container, Heading, Stack, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import { useAppSelector } from '@/app/store/hooks';
import { platformPath, publicPaths } from '@/config/paths';
import { PRODUCT } from '@/config/constants';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { CapabilityList } from '@/features/public-site/components/capability-list';
import { ScreenshotGallery } from '@/features/public-site/components/screenshot-gallery';
import { SiteFigures } from '@/features/public-site/components/site-figures';
import { capabilities, HOME_LEAD, screenshots } from '@/features/public-site/content/home';
import { selectResolvedTheme } from '@/features/theme/state/theme-slice';

export function HomeRoute() {
  useDocumentTitle();
  const theme = useAppSelector(selectResolvedTheme);
  return (
    <Container maxW="6xl" py="12">
      <Stack gap="12">
        <Stack gap="5" maxW="3xl">
          <Heading as="h1" size="3xl">
            {PRODUCT.name}
          </Heading>
          <Text fontSize="lg">{HOME_LEAD}</Text>
          <Stack direction="row" gap="3" wrap="wrap">
            <Button asChild>
              <Link to={platformPath('dashboard')}>Open the platform</Link>
            </Button>
            <Button asChild variant="outline">
              <Link to={publicPaths.services}>What it does</Link>
            </Button>
          </Stack>
        </Stack>
        <Stack as="section" gap="4" aria-labelledby="figures-heading">
          <Heading as="h2" size="xl" id="figures-heading">
            This installation today
          </Heading>
          <Text color="fg.muted">Live counts from the knowledge base, updated with every import.</Text>
          <SiteFigures />
        </Stack>
        <Stack as="section" gap="4" aria-labelledby="capabilities-heading">
          <Heading as="h2" size="xl" id="capabilities-heading">
            What it does
          </Heading>
          <CapabilityList items={capabilities} />
        </Stack>
        <Stack as="section" gap="4" aria-labelledby="screenshots-heading">
          <Heading as="h2" size="xl" id="screenshots-heading">
            Inside the platform
          </Heading>
          <Text color="fg.muted">Screenshots of this platform with its demonstration data.</Text>
          <ScreenshotGallery shots={screenshots} theme={theme} />
        </Stack>
      </Stack>
    </Container>
  );
}
