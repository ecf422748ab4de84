/**
 * Security event counts (bucket, severity, events) as chart columns: one column per hour (1 day) or
 * day (longer windows), empty periods included so gaps show as gaps, severities in rising order.
 */
import { SEVERITIES, type Severity } from '@/features/admin-dashboard/schemas/admin-view';

export interface EventCount {
  bucket: string;
  severity: string;
  events: number;
}

export interface EventColumn {
  /** ISO start of the period. */
  start: string;
  label: string;
  values: Record<Severity, number>;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function emptyValues(): Record<Severity, number> {
  return { low: 0, medium: 0, high: 0, critical: 0 };
}

function label(start: Date, hourly: boolean): string {
  const iso = start.toISOString();
  return hourly ? `${iso.slice(11, 13)}h` : iso.slice(5, 10);
}

/** Same buckets as the SQL: hours for windows of up to 2 days, else days, aligned to UTC. */
export function shapeEventCounts(rows: readonly EventCount[], days: number, now: number): EventColumn[] {
  const hourly = days <= 2;
  const step = hourly ? HOUR : DAY;
  const last = Math.floor(now / step) * step;
  const count = hourly ? days * 24 : days;
  const columns = new Map<number, EventColumn>();
  for (let index = count - 1; index >= 0; index -= 1) {
    const start = new Date(last - index * step);
    columns.set(start.getTime(), {
      start: start.toISOString(),
      label: label(start, hourly),
      values: emptyValues(),
    });
  }
  for (const row of rows) {
    const column = columns.get(new Date(row.bucket).getTime());
    const severity = row.severity as Severity;
    if (column && SEVERITIES.includes(severity)) column.values[severity] += Number(row.events);
  }
  return [...columns.values()];
}

export function totalEvents(columns: readonly EventColumn[]): number {
  return columns.reduce((sum, column) => sum + SEVERITIES.reduce((s, key) => s + column.values[key], 0), 0);
}
