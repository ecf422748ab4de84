/**
 * The part of a page's URL query that selects results: what a "notify me" rule keeps. Sorting,
 * columns, the open drawer (IOC Intelligence's open, the Hub's alert) and the tab change nothing
 * about which results are new.
 */
const PRESENTATION = new Set(['open', 'alert', 'hide', 'sort', 'view']);

export function resultQuery(search: string): string {
  const params = new URLSearchParams(search);
  for (const key of [...params.keys()]) if (PRESENTATION.has(key)) params.delete(key);
  params.sort();
  return params.toString();
}

/** A readable name for the rule: "Notify me: type=domain, q=emotet" (the user can rename nothing yet). */
export function viewRuleName(pageTitle: string, query: string): string {
  const filters = [...new URLSearchParams(query)].map(([k, v]) => `${k}=${v}`).join(', ');
  return `${pageTitle}: ${filters || 'everything new'}`.slice(0, 200);
}
