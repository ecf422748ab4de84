/** The sidebar's groups, derived from the page registry for the signed-in user. */
import { platformPath } from '@/config/paths';
import type { NavGroup } from '@/features/sidebar/utils/nav-model';
import { pageIcons } from './page-icons';
import { navGroupTable, platformPageRegistry } from './pages';

/** Admin-only pages are listed for everyone in SPEC §2's groups, except the Admin dashboard: admins only. */
const LISTED_FOR_ADMINS_ONLY = new Set(['admin']);

export function navGroups({ isAdmin }: { isAdmin: boolean }): NavGroup[] {
  return navGroupTable.map((group) => ({
    ...group,
    items: platformPageRegistry
      .filter((page) => page.group === group.id)
      .filter((page) => isAdmin || !LISTED_FOR_ADMINS_ONLY.has(page.key))
      .map((page) => ({
        key: page.key,
        to: platformPath(page.key),
        label: page.navLabel,
        icon: pageIcons[page.key],
      })),
  }));
}
