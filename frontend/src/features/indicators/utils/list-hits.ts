/**
 * Which lists hold an indicator's value, in words: the table's compact badges ("Excluded",
 * "Warninglist") with the names in their titles, and the drawer's one line per list. An exclusion
 * list is the organisation's own verdict, so it comes first.
 */
import type { NetworkOrigin } from '@/lib/intel/network-origin';
export interface ListHits {
  warninglists: readonly string[];
  exclusions: readonly string[];
  /** The offline AS and country of an address, read in the same request (issue 30 §1). */
  origin?: NetworkOrigin;
}

export interface ListHitBadge {
  label: 'Excluded' | 'Warninglist';
  /** The names, for the badge's title and screen readers. */
  detail: string;
}

function names(list: readonly string[]): string {
  if (list.length <= 1) return list.join('');
  return `${list.slice(0, -1).join(', ')} and ${list.at(-1)}`;
}

export function listHitBadges(hits: ListHits | undefined): ListHitBadge[] {
  if (!hits) return [];
  const badges: ListHitBadge[] = [];
  if (hits.exclusions.length)
    badges.push({
      label: 'Excluded',
      detail: `On exclusion ${hits.exclusions.length === 1 ? 'list' : 'lists'} ${names(hits.exclusions)}`,
    });
  if (hits.warninglists.length)
    badges.push({
      label: 'Warninglist',
      detail: `On ${hits.warninglists.length === 1 ? 'warninglist' : 'warninglists'} ${names(hits.warninglists)}`,
    });
  return badges;
}

export function listHitLines(hits: ListHits): string[] {
  return [
    ...hits.exclusions.map((name) => `On exclusion list ${name}`),
    ...hits.warninglists.map((name) => `On warninglist ${name}`),
  ];
}
