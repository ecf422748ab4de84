/**
 * Splits a raw query string with HTML-form semantics, as PostgREST does: `+` is a space, percent
 * escapes are decoded as UTF-8, malformed escapes are kept as written, repeated keys are kept.
 */
export type QueryPair = [key: string, value: string | undefined];

function formDecode(text: string): string {
  if (!text.includes('%') && !text.includes('+')) return text;
  const spaced = text.replace(/\+/g, ' ');
  if (!spaced.includes('%')) return spaced;
  try {
    return decodeURIComponent(spaced);
  } catch {
    const bytes: number[] = [];
    for (let i = 0; i < spaced.length; i++) {
      const hex = spaced.slice(i + 1, i + 3);
      if (spaced[i] === '%' && /^[0-9a-fA-F]{2}$/.test(hex)) {
        bytes.push(parseInt(hex, 16));
        i += 2;
      } else {
        bytes.push(...Buffer.from(spaced[i]!, 'utf8'));
      }
    }
    return Buffer.from(bytes).toString('utf8');
  }
}

export function parseFormQuery(search: string): QueryPair[] {
  const raw = search.startsWith('?') ? search.slice(1) : search;
  if (raw === '') return [];
  const pairs: QueryPair[] = [];
  for (const part of raw.split('&')) {
    if (part === '') continue;
    const eq = part.indexOf('=');
    if (eq === -1) pairs.push([formDecode(part), undefined]);
    else pairs.push([formDecode(part.slice(0, eq)), formDecode(part.slice(eq + 1))]);
  }
  return pairs;
}
