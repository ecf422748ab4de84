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

export function formatCompact(value: number): string {
  return compact.format(value);
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
