/**
 * Sensor timestamps → ISO 8601 UTC with microseconds. Both Suricata and Zeek record microseconds,
 * and events of one flow often share a millisecond, so the fraction is carried as digits, never
 * through a float or a Date (which keep milliseconds only).
 */

export type TimeResult = { ok: true; time: string } | { ok: false; reason: string };

/** Microseconds stay exact integers until about 2255; a sensor clock past 2200 is broken anyway. */
const MAX_MICROS = Date.UTC(2200, 0, 1) * 1000;
/** Zeek `ts` values below this (2001-09-09) are seconds since the capture started, not epoch. */
export const RELATIVE_BELOW = 1e9;

const ISO =
  /^(\d{4})-(\d{2})-(\d{2})(?:[T ](\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?)?\s*(Z|z|[+-]\d{2}(?::?\d{2})?)?$/;
const EPOCH = /^(\d{1,12})(?:\.(\d{1,9}))?$/;

const show = (value: unknown) => {
  const text = typeof value === 'string' ? value : (JSON.stringify(value) ?? String(value));
  return JSON.stringify(text.length > 60 ? `${text.slice(0, 60)}…` : text);
};

// Events come in time order, many per second: the last second's text is reused (parsing and
// formatting dates was a third of the parse time before).
let lastSecond = -1;
let lastSecondText = '';

/** Integer microseconds since the epoch → `YYYY-MM-DDTHH:MM:SS.ffffffZ`, or undefined out of range. */
export function isoFromMicros(micros: number): string | undefined {
  if (!Number.isSafeInteger(micros) || micros < 0 || micros > MAX_MICROS) return undefined;
  const seconds = Math.floor(micros / 1e6);
  if (seconds !== lastSecond) {
    lastSecondText = new Date(seconds * 1000).toISOString().slice(0, 19);
    lastSecond = seconds;
  }
  return `${lastSecondText}.${String(micros - seconds * 1e6).padStart(6, '0')}Z`;
}

/** Digits after the decimal point → microseconds (more than six digits are cut, not rounded). */
const fractionMicros = (digits: string | undefined) =>
  digits ? Number(digits.length >= 6 ? digits.slice(0, 6) : digits.padEnd(6, '0')) : 0;

/** The date-time without its fraction → microseconds of that whole second, for the last few seconds. */
const secondCache = new Map<string, number | undefined>();

/**
 * An ISO 8601 date-time (Suricata writes `2021-06-06T15:59:46.457984+0200`, offset without colon)
 * → microseconds since the epoch. No offset means UTC: old Suricata versions wrote local time
 * without one, and nothing in the record says which zone that was.
 */
export function isoMicros(text: string): number | undefined {
  // `YYYY-MM-DDTHH:MM:SS.f…`: split the fraction off, so the rest repeats and can be cached.
  let key = text;
  let fraction = '';
  if (text.charCodeAt(19) === 0x2e) {
    let end = 20;
    while (end < text.length && text.charCodeAt(end) >= 0x30 && text.charCodeAt(end) <= 0x39) end++;
    if (end > 20 && end - 20 <= 9) {
      fraction = text.slice(20, end);
      key = text.slice(0, 19) + text.slice(end);
    }
  }
  let second = secondCache.get(key);
  if (second === undefined && !secondCache.has(key)) {
    if (secondCache.size >= 256) secondCache.clear();
    second = wholeSecondMicros(key);
    secondCache.set(key, second);
  }
  if (second === undefined) return undefined;
  const micros = second + fractionMicros(fraction);
  return micros <= MAX_MICROS ? micros : undefined;
}

function wholeSecondMicros(text: string): number | undefined {
  const m = ISO.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction, zone] = m;
  const [year, month, day, hour, minute] = [Number(y), Number(mo), Number(d), Number(h), Number(mi)];
  // A leap second is written as :60; it is the same instant as :59 for our purposes.
  const second = Math.min(Number(s), 59);
  const ms = Date.UTC(year, month - 1, day, hour, minute, second);
  const date = new Date(ms);
  if (hour > 23 || minute > 59 || date.getUTCMonth() !== month - 1 || date.getUTCDate() !== day)
    return undefined;
  let offsetMinutes = 0;
  if (zone && zone !== 'Z' && zone !== 'z') {
    const digits = zone.slice(1).replace(':', '');
    offsetMinutes = Number(digits.slice(0, 2)) * 60 + Number(digits.slice(2) || '0');
    if (zone.startsWith('-')) offsetMinutes = -offsetMinutes;
  }
  const micros = (ms - offsetMinutes * 60_000) * 1000 + fractionMicros(fraction);
  return micros >= 0 && micros <= MAX_MICROS ? micros : undefined;
}

/** An EVE `timestamp`. */
export function eveTime(value: unknown): TimeResult {
  if (value === undefined || value === null || value === '') return { ok: false, reason: 'no timestamp' };
  const micros = typeof value === 'string' ? isoMicros(value) : undefined;
  const time = micros === undefined ? undefined : isoFromMicros(micros);
  return time ? { ok: true, time } : { ok: false, reason: `unreadable timestamp ${show(value)}` };
}

/**
 * A Zeek `ts`: epoch seconds as TSV text (`1521911720.865716`) or a JSON number, or an ISO string
 * (JSON logs written with `JSON::TS_ISO8601`). Values below 1e9 count from `baseMicros`.
 */
export function zeekTime(value: unknown, baseMicros: number | undefined): TimeResult {
  if (value === undefined || value === null || value === '') return { ok: false, reason: 'no ts' };
  let micros: number | undefined;
  let relative = false;
  if (typeof value === 'number' && Number.isFinite(value) && value >= 0) {
    micros = Math.round(value * 1e6);
    relative = value < RELATIVE_BELOW;
  } else if (typeof value === 'string') {
    const epoch = EPOCH.exec(value);
    if (epoch) {
      micros = Number(epoch[1]) * 1e6 + fractionMicros(epoch[2]);
      relative = Number(epoch[1]) < RELATIVE_BELOW;
    } else micros = isoMicros(value);
  }
  if (micros === undefined) return { ok: false, reason: `unreadable ts ${show(value)}` };
  if (relative) {
    if (baseMicros === undefined)
      return {
        ok: false,
        reason: `ts ${show(value)} counts seconds from the start of the capture; give a base time to date it`,
      };
    micros += baseMicros;
  }
  const time = isoFromMicros(micros);
  return time ? { ok: true, time } : { ok: false, reason: `ts out of range ${show(value)}` };
}
