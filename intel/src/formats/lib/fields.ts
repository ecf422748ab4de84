/**
 * Reading fields as the sources write them. Adapters keep values as received (trimmed); these
 * only say which spellings mean "no value" and turn the source's list encodings into arrays.
 */

/** CVE ids as the CVE Program assigns them; anything else cannot be joined to a CVE. */
export const CVE_ID = /^CVE-\d{4}-\d{4,}$/;

/** Text trimmed; a number as its decimal text; undefined for anything else (null, objects). */
export function text(value: unknown): string | undefined {
  if (typeof value === 'string') return value.trim();
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  return undefined;
}

/** Like `text`, but an empty string is no value. */
export function nonEmpty(value: unknown): string | undefined {
  const t = text(value);
  return t === '' ? undefined : t;
}

/** abuse.ch writes `None` (CSV) or null (JSON) for an empty field. */
export function abusech(value: unknown): string | undefined {
  const t = nonEmpty(value);
  return t === 'None' ? undefined : t;
}

/** A comma-separated list (`"elf,mirai"`) or a JSON array of strings → the non-empty items. */
export function list(value: unknown): string[] {
  const items: string[] = [];
  const add = (item: unknown) => {
    const t = abusech(item);
    if (t !== undefined) items.push(t);
  };
  if (Array.isArray(value)) value.forEach(add);
  else if (typeof value === 'string' && value !== '' && value !== 'None') value.split(',').forEach(add);
  return items;
}

/** A yes/no field: JSON booleans and 0/1, or CSV `True`/`False`/`0`/`1`. */
export function flag(value: unknown): boolean | undefined {
  if (typeof value === 'boolean') return value;
  const t = text(value)?.toLowerCase();
  if (t === 'true' || t === '1') return true;
  if (t === 'false' || t === '0') return false;
  return undefined;
}

/** A decimal number written as text (`0.00128`, `1e-05`), or undefined when it is not one. */
export function decimal(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const t = value.trim();
  return /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/.test(t) ? Number(t) : undefined;
}

export const isObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

/** The entries whose value is not undefined, for `context` objects without empty keys. */
export function defined(entries: Record<string, unknown>): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  for (const key in entries) if (entries[key] !== undefined) out[key] = entries[key];
  return out;
}
