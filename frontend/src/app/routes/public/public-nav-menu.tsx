/** Below 1024 px the header's links fold into one Menu button instead of wrapping onto a second line. */
import { Button, Menu, Portal } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { PublicPageContent } from './public-content';
import { MenuIcon } from './public-icons';

export function PublicNavMenu({
  links,
  defaultOpen = false,
}: {
  links: readonly PublicPageContent[];
  defaultOpen?: boolean;
}) {
  return (
    <Menu.Root defaultOpen={defaultOpen}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="ghost" hideFrom="lg" aria-label="Menu">
          <MenuIcon />
          Menu
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {links.map((page) => (
              <Menu.Item key={page.path} value={page.path} asChild>
                <Link to={page.path}>{page.navLabel}</Link>
              </Menu.Item>
            ))}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
