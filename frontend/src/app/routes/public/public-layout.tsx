/** Header (navigation, theme menu, sign-in), the page, and a footer with the legal links. */
import { Box, Button, Flex, HStack, Link as ChakraLink, Stack, Text } from '@chakra-ui/react';
import { Link, NavLink, Outlet } from 'react-router';
import { SimpleErrorBoundary } from '@/components/errors/simple-error';
import { platformPath, publicPaths } from '@/config/paths';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { publicPages } from './public-content';
import { DeferredNavMenu, DeferredThemeMenu } from './deferred-header-menus';
import { PRODUCT } from '@/config/constants';

const headerPaths = new Set<string>([
  publicPaths.services,
  publicPaths.caseStudies,
  publicPaths.about,
  publicPaths.news,
  publicPaths.contact,
]);
const headerLinks = publicPages.filter((page) => headerPaths.has(page.path));
const footerLinks = publicPages.filter((page) => !headerLinks.includes(page));

export function PublicLayout() {
  const { user } = useAuth();
  return (
    <Flex direction="column" minH="100dvh">
      <Box as="header" borderBottomWidth="1px" px="6" py="3">
        <Flex align="center" gap={{ base: '3', lg: '6' }}>
          <ChakraLink asChild fontWeight="bold">
            <Link to={publicPaths.home}>{PRODUCT.name}</Link>
          </ChakraLink>
          <HStack as="nav" aria-label="Main" gap="4" flex="1" hideBelow="lg">
            {headerLinks.map((page) => (
              <ChakraLink asChild key={page.path}>
                <NavLink to={page.path}>{page.navLabel}</NavLink>
              </ChakraLink>
            ))}
          </HStack>
          <Box flex="1" hideFrom="lg" />
          <DeferredNavMenu links={headerLinks} />
          <DeferredThemeMenu />
          <Button asChild size="sm">
            {user ? (
              <Link to={platformPath('dashboard')}>Platform</Link>
            ) : (
              <Link to={publicPaths.auth}>Sign in</Link>
            )}
          </Button>
        </Flex>
      </Box>
      <Box as="main" flex="1">
        <SimpleErrorBoundary>
          <Outlet />
        </SimpleErrorBoundary>
      </Box>
      <Stack as="footer" borderTopWidth="1px" px="6" py="4" direction="row" gap="4" wrap="wrap" fontSize="sm">
        <Text color="fg.muted">{PRODUCT.name}</Text>
        <HStack as="nav" aria-label="Legal and resources" gap="4" wrap="wrap">
          {footerLinks.map((page) => (
            <ChakraLink asChild key={page.path}>
              <NavLink to={page.path}>{page.navLabel}</NavLink>
            </ChakraLink>
          ))}
        </HStack>
      </Stack>
    </Flex>
  );
}
