/**
 * Enough of CPE 2.3 (NISTIR 7695 §6.2) to fill in vendor, product and version from a CPE column and to
 * refuse what the importer and the matcher would refuse: an asset names one product, so `*` and `-`
 * mean "no value" and a wildcard inside a value is a pattern, not a name.
 */
const PREFIX = 'cpe:2.3:';
const ATTRIBUTE_COUNT = 11;

export type CpeRead =
  { ok: true; vendor: string; product: string; version?: string } | { ok: false; reason: string };

/** The components between unescaped colons. */
function split(body: string): string[] {
  const parts: string[] = [];
  let start = 0;
  for (let i = 0; i < body.length; i++) {
    if (body[i] === '\\') i++;
    else if (body[i] === ':') {
      parts.push(body.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(body.slice(start));
  return parts;
}

/** undefined for ANY and NA; null when the value holds a wildcard. */
function unescape(raw: string): string | undefined | null {
  if (raw === '*' || raw === '-' || raw === '') return undefined;
  let value = '';
  for (let i = 0; i < raw.length; i++) {
    if (raw[i] === '\\') value += raw[++i] ?? '';
    else if (raw[i] === '*' || raw[i] === '?') return null;
    else value += raw[i];
  }
  return value;
}

export function readCpe(text: string): CpeRead {
  const cpe = text.trim();
  if (!cpe.toLowerCase().startsWith(PREFIX))
    return { ok: false, reason: 'cpe: not a CPE 2.3 name (it must start with "cpe:2.3:")' };
  const parts = split(cpe.slice(PREFIX.length));
  if (parts.length !== ATTRIBUTE_COUNT)
    return { ok: false, reason: `cpe: ${parts.length} attributes after "cpe:2.3:", a CPE 2.3 name has 11` };
  if (!['a', 'o', 'h'].includes(parts[0]!.toLowerCase()))
    return { ok: false, reason: 'cpe: the part must be a, o or h' };
  const [vendor, product, version] = [1, 2, 3].map((index) => unescape(parts[index]!));
  if (vendor === null || product === null || version === null)
    return { ok: false, reason: 'cpe: a wildcard makes it a pattern, not the name of one product' };
  if (vendor === undefined || product === undefined)
    return { ok: false, reason: 'cpe: it does not name a vendor and a product' };
  return { ok: true, vendor, product, ...(version === undefined ? {} : { version }) };
}
