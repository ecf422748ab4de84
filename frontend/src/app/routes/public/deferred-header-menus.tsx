/**
 * The header's theme menu and small-screen navigation menu, loaded on first use. Chakra's menu
 * (positioning, focus and dismissal machinery) is about 19 KB compressed: a visitor who never opens
 * a menu never downloads it. Until then a plain button stands in, with the same name and icon; a click
 * loads the menu and opens it at once, and hovering or focusing the button starts the download early.
 */
import { Button, IconButton } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useAppSelector } from '@/app/store/hooks';
import {
  selectResolvedTheme,
  selectThemePreference,
  type ThemePreference,
} from '@/features/theme/state/theme-slice';
import type { PublicPageContent } from './public-content';
import { MenuIcon, MoonIcon, SunIcon } from './public-icons';

const loadThemeToggle = () => import('@/features/theme/components/theme-toggle');
const loadNavMenu = () => import('./public-nav-menu');
const ThemeToggle = lazy(() => loadThemeToggle().then((m) => ({ default: m.ThemeToggle })));
const PublicNavMenu = lazy(() => loadNavMenu().then((m) => ({ default: m.PublicNavMenu })));

const themeLabels: Record<ThemePreference, string> = { light: 'Light', dark: 'Dark', system: 'System' };

const preload = (load: () => Promise<unknown>) => () => void load().catch(() => undefined);

export function DeferredThemeMenu() {
  const [opened, setOpened] = useState(false);
  const preference = useAppSelector(selectThemePreference);
  const resolved = useAppSelector(selectResolvedTheme);
  const standIn = (
    <IconButton
      variant="ghost"
      size="sm"
      aria-label={`Theme: ${themeLabels[preference]}. Change theme`}
      aria-haspopup="menu"
      onClick={() => setOpened(true)}
      onPointerEnter={preload(loadThemeToggle)}
      onFocus={preload(loadThemeToggle)}
    >
      {resolved === 'dark' ? <MoonIcon /> : <SunIcon />}
    </IconButton>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <ThemeToggle defaultOpen />
    </Suspense>
  );
}

export function DeferredNavMenu({ links }: { links: readonly PublicPageContent[] }) {
  const [opened, setOpened] = useState(false);
  const standIn = (
    <Button
      size="sm"
      variant="ghost"
      hideFrom="lg"
      aria-label="Menu"
      aria-haspopup="menu"
      onClick={() => setOpened(true)}
      onPointerEnter={preload(loadNavMenu)}
      onFocus={preload(loadNavMenu)}
    >
      <MenuIcon />
      Menu
    </Button>
  );
  if (!opened) return standIn;
  return (
    <Suspense fallback={standIn}>
      <PublicNavMenu links={links} defaultOpen />
    </Suspense>
  );
}
