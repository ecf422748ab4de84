/**
 * SLA targets are PostgreSQL intervals; PostgREST sends them in the server's default IntervalStyle
 * ("postgres": `1 day`, `3 days 04:30:00`, `04:00:00`, `1 mon 2 days`). Administrators think in
 * hours, so they are shown and edited as hours and written back as `<n> hours`.
 */
const UNIT_HOURS: Record<string, number> = { year: 8766, mon: 730.5, day: 24, week: 168 };

/** Hours in an interval as PostgreSQL prints it; null when the text is not one. */
export function intervalHours(text: string): number | null {
  let rest = text.trim();
  let hours = 0;
  const units = /^(-?\d+)\s+(years?|mons?|weeks?|days?)\s*/;
  for (let match = units.exec(rest); match; match = units.exec(rest)) {
    hours += Number(match[1]) * (UNIT_HOURS[match[2]!.replace(/s$/, '')] ?? Number.NaN);
    rest = rest.slice(match[0].length);
  }
  if (rest !== '') {
    const clock = /^(-?)(\d+):(\d{2}):(\d{2}(?:\.\d+)?)$/.exec(rest);
    if (!clock) return null;
    const sign = clock[1] === '-' ? -1 : 1;
    hours += sign * (Number(clock[2]) + Number(clock[3]) / 60 + Number(clock[4]) / 3600);
  }
  return Number.isFinite(hours) ? Math.round(hours * 100) / 100 : null;
}

/** "4 h", "3 days", "1 day 6 h": an interval in words. */
export function hoursInWords(hours: number): string {
  const days = Math.floor(hours / 24);
  const left = Math.round((hours - days * 24) * 100) / 100;
  const dayText = days ? `${days} ${days === 1 ? 'day' : 'days'}` : '';
  const hourText = left ? `${left} h` : '';
  return [dayText, hourText].filter(Boolean).join(' ') || '0 h';
}
