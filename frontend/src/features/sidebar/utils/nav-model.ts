/**
 * What the sidebar draws: titled, classified groups of links. The app derives them from its page
 * registry; the sidebar itself knows no page.
 */
import type { IconType } from 'react-icons';

export type Classification = 'UNCLASSIFIED' | 'CONFIDENTIAL' | 'SECRET';

export interface NavItem {
  /** Stable key, e.g. the page key; badges are looked up by it. */
  key: string;
  to: string;
  label: string;
  icon: IconType;
}

export interface NavGroup {
  id: string;
  title: string;
  classification: Classification;
  items: readonly NavItem[];
}
