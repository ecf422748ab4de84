/** Small pieces of English for sentences built from numbers: plurals, counts and lists. */
import { formatInteger } from '@/lib/format/format';

export function plural(count: number, singular: string, pluralForm = `${singular}s`): string {
  return count === 1 ? singular : pluralForm;
}

/** "1 alert", "12 alerts", "1,204 alerts". */
export function countOf(count: number, singular: string, pluralForm?: string): string {
  return `${formatInteger(count)} ${plural(count, singular, pluralForm)}`;
}

/** "is" or "are", "was" or "were", "has" or "have" for a count. */
export const isAre = (count: number) => (count === 1 ? 'is' : 'are');
export const wasWere = (count: number) => (count === 1 ? 'was' : 'were');
export const hasHave = (count: number) => (count === 1 ? 'has' : 'have');

/** "a", "a and b", "a, b and c". */
export function joinList(items: readonly string[]): string {
  if (items.length <= 1) return items[0] ?? '';
  return `${items.slice(0, -1).join(', ')} and ${items.at(-1)}`;
}

/** "the last 30 days" and "the 30 days before". */
export function periodPhrase(days: number): string {
  return days === 1 ? 'the last day' : `the last ${formatInteger(days)} days`;
}

export function previousPeriodPhrase(days: number): string {
  return days === 1 ? 'the day before' : `the ${formatInteger(days)} days before`;
}
