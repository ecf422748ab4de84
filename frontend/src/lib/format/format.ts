/** How dates and numbers read everywhere: one format per kind, in the user's locale, UTC shown as such. */
const dateTime = new Intl.DateTimeFormat(undefined, {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'UTC',
});
const date = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeZone: 'UTC' });
const integer = new Intl.NumberFormat();
const compact = new Intl.NumberFormat(undefined, { notation: 'compact', maximumFractionDigits: 1 });

export function formatDateTime(value: string | null | undefined): string | null {
  return value ? `${dateTime.format(new Date(value))} UTC` : null;
}

export function formatDate(value: string | null | undefined): string | null {
  return value ? date.format(new Date(value)) : null;
}

export function formatInteger(value: number | null | undefined): string {
  return value == null ? '—' : integer.format(value);
}

/** "1 indicator", "0 indicators", "59,620 indicators": the number grouped, the noun agreeing with it. */
export function formatCount(count: number, one: string, many = `${one}s`): string {
  return `${integer.format(count)} ${count === 1 ? one : many}`;
}

export function formatCompact(value: number): string {
  return compact.format(value);
}

/** A file's size for people: 812 bytes, 34.5 KB, 12.3 MB, 1.0 GB (binary units, as file managers show). */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} ${bytes === 1 ? 'byte' : 'bytes'}`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value.toFixed(1)} ${units[unit]}`;
}

/** 0.97312 → "97.3%". */
export function formatPercent(value: number | null | undefined, digits = 1): string {
  return value == null ? '—' : `${(value * 100).toFixed(digits)}%`;
}

/** Compact UTC date and time for table cells: 2026-08-18 16:17 (sorts and scans well in a column). */
export function formatCompactDateTime(value: string | null | undefined): string | null {
  return value ? new Date(value).toISOString().slice(0, 16).replace('T', ' ') : null;
}

/** A calendar date as 2025-09-15, for table cells. */
export function formatIsoDate(value: string | null | undefined): string | null {
  return value ? value.slice(0, 10) : null;
}
