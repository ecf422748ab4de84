/** Page-number pagination of the admin user list, with GoTrue's `Link` header. */

export const DEFAULT_PER_PAGE = 50;

export interface Page {
  page: number;
  perPage: number;
}

function parseUint(name: string, text: string | null, fallback: number): number | string {
  if (text === null || text === '') return fallback;
  if (!/^\d+$/.test(text)) return `strconv.ParseUint: parsing "${text}": invalid syntax`;
  const value = Number(text);
  if (!Number.isSafeInteger(value)) return `strconv.ParseUint: parsing "${text}": value out of range`;
  return value === 0 ? fallback : value;
}

/** The requested page, or the reason the parameters are unusable. */
export function parsePagination(query: URLSearchParams): Page | string {
  const page = parseUint('page', query.get('page'), 1);
  if (typeof page === 'string') return page;
  const perPage = parseUint('per_page', query.get('per_page'), DEFAULT_PER_PAGE);
  if (typeof perPage === 'string') return perPage;
  return { page, perPage };
}

/** `<path?page=N+1…>; rel="next", <path?page=LAST…>; rel="last"`, query keys sorted as Go encodes them. */
export function paginationLinks(path: string, query: URLSearchParams, page: Page, total: number): string {
  const totalPages = Math.ceil(total / page.perPage);
  const link = (n: number) => {
    const params = new URLSearchParams(query);
    params.set('page', String(n));
    params.sort();
    return `<${path}?${params.toString()}>`;
  };
  const parts: string[] = [];
  if (totalPages > page.page) parts.push(`${link(page.page + 1)}; rel="next"`);
  parts.push(`${link(totalPages)}; rel="last"`);
  return parts.join(', ');
}
