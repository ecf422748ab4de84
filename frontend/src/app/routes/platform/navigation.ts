/** The sidebar's groups, derived from the page registry for the signed-in user. */
import { platformPath } from '@/config/paths';
import type { NavGroup } from '@/features/sidebar/utils/nav-model';
import { pageIcons } from './page-icons';
import { navGroupTable, platformPageRegistry, type PlatformPageDefinition } from './pages';

export function navGroups({
  isAdmin,
  prefetch,
}: {
  isAdmin: boolean;
  /** Called when a page's link is hovered or focused (page-modules.ts prefetchPage). */
  prefetch?: (page: PlatformPageDefinition) => void;
}): NavGroup[] {
  return navGroupTable.map((group) => ({
    ...group,
    items: platformPageRegistry
      .filter((page) => page.group === group.id)
      // An analyst would only meet "Admin privileges required" behind them; the server refuses anyway.
      .filter((page) => isAdmin || !page.adminOnly)
      .map((page) => ({
        key: page.key,
        to: platformPath(page.key),
        label: page.navLabel,
        icon: pageIcons[page.key],
        prefetch: prefetch && (() => prefetch(page)),
      })),
  }));
}
