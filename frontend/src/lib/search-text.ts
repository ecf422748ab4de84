/**
 * One rule for every search box: any text is accepted as typed (it is a query parameter, never HTML),
 * and a text longer than the box's limit is refused with a message naming the limit. It is never cut
 * short in silence and never turns into an empty filter that lists everything.
 */
import { z } from 'zod';
import { formatInteger } from '@/lib/format/format';
import { InputRefused } from '@/lib/input-refused';

/**
 * A search text in the URL, kept verbatim whatever its length: a field that failed validation would fall
 * back to '' (no filter) and show the unfiltered list under a box that holds the long text.
 */
export const searchTextParam = () => z.string().default('');

/** The words shown under the box and instead of the results; null when the text may be searched. */
export function searchTextProblem(text: string, limit: number): string | null {
  if (text.length <= limit) return null;
  return `Search is limited to ${formatInteger(limit)} characters; this one has ${formatInteger(text.length)}. Shorten it to search.`;
}

export { InputRefused, isInputRefused } from '@/lib/input-refused';

/** The text to send, or InputRefused with the same words the box shows. */
export function checkedSearchText(text: string, limit: number): string {
  const problem = searchTextProblem(text, limit);
  if (problem) throw new InputRefused(problem);
  return text;
}
