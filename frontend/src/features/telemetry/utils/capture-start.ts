/**
 * The upload form's capture start (a datetime-local value, read as UTC because sensor logs are)
 * as the ISO 8601 instant the importer adds relative Zeek timestamps to; undefined when empty.
 */
export function captureStartIso(value: string): string | undefined {
  if (!value) return undefined;
  const withSeconds = /T\d{2}:\d{2}$/.test(value) ? `${value}:00` : value;
  const instant = new Date(`${withSeconds}Z`);
  return Number.isNaN(instant.getTime()) ? undefined : instant.toISOString();
}
