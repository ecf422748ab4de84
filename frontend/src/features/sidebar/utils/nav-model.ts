/**
 * What the sidebar draws: titled groups of links. The app derives them from its page registry (and who
 * is signed in); the sidebar itself knows no page.
 */
import type { IconType } from 'react-icons';

export interface NavItem {
  /** Stable key, e.g. the page key; badges are looked up by it. */
  key: string;
  to: string;
  label: string;
  icon: IconType;
  /** Hover or focus on the link: fetch what the page needs before the click. */
  prefetch?: () => void;
}

export interface NavGroup {
  id: string;
  title: string;
  items: readonly NavItem[];
}
