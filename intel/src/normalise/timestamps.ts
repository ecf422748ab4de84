/**
 * Dates as feeds write them (ISO 8601 with any offset, `YYYY-MM-DD`, `YYYY-MM-DD HH:MM:SS[.ffffff]
 * [UTC]`, unix seconds) to one canonical UTC ISO text. Dates before 1990 or more than a day ahead
 * are refused: they are typos or forgeries, and a future "last seen" would sort first forever.
 */
export type Timestamp = { ok: true; value: string | undefined } | { ok: false; reason: string };

const EARLIEST = Date.UTC(1990, 0, 1);
const DAY_MS = 86_400_000;
const SPACED = /^(\d{4}-\d{2}-\d{2})[ T](\d{2}:\d{2}(?::\d{2}(?:\.\d+)?)?)(?:\s*(?:UTC|GMT|Z))?$/i;

function parse(raw: string | number): number {
  if (typeof raw === 'number') return raw * 1000;
  const text = raw.trim();
  if (/^\d{9,11}(\.\d+)?$/.test(text)) return Number(text) * 1000;
  if (/^\d{4}-\d{2}-\d{2}$/.test(text)) return Date.parse(`${text}T00:00:00Z`);
  const spaced = SPACED.exec(text);
  if (spaced) return Date.parse(`${spaced[1]}T${spaced[2]}Z`);
  // ISO 8601 with an offset or Z; a bare date-time without one is taken as UTC.
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+$/.test(text)) return Date.parse(`${text}Z`);
  if (/^\d{4}-\d{2}-\d{2}T[\d:.]+(Z|[+-]\d{2}:?\d{2})$/i.test(text))
    return Date.parse(text.replace(/([+-]\d{2})(\d{2})$/, '$1:$2'));
  return Number.NaN;
}

export function toIsoTimestamp(raw: string | number | undefined | null): Timestamp {
  if (raw === undefined || raw === null || raw === '') return { ok: true, value: undefined };
  const time = parse(raw);
  const shown = () => String(raw).slice(0, 40);
  if (Number.isNaN(time)) return { ok: false, reason: `not a date: "${shown()}"` };
  if (time < EARLIEST) return { ok: false, reason: `date before 1990: "${shown()}"` };
  if (time > Date.now() + DAY_MS) return { ok: false, reason: `date in the future: "${shown()}"` };
  return { ok: true, value: new Date(time).toISOString() };
}
