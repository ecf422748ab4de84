/** How the briefing names its period and its time of writing (UTC, the platform's clock for dates). */
import { formatDate, formatDateTime } from '@/lib/format/format';
import { periodPhrase } from './words';

const DAY_MS = 86_400_000;

/** "The last 30 days: Oct 26, 2026 to Nov 25, 2026 (UTC)". */
export function periodLabel(days: number, now: Date): string {
  const from = formatDate(new Date(now.getTime() - days * DAY_MS).toISOString());
  const to = formatDate(now.toISOString());
  const phrase = periodPhrase(days);
  return `${phrase.charAt(0).toUpperCase()}${phrase.slice(1)}: ${from} to ${to} (UTC)`;
}

export function generatedLabel(now: Date): string {
  return `Generated ${formatDateTime(now.toISOString())}`;
}

/** Today's UTC date, YYYY-MM-DD, to compare with KEV due dates. */
export function utcToday(now: Date): string {
  return now.toISOString().slice(0, 10);
}
