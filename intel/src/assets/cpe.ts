/**
 * CPE 2.3 formatted string binding (NISTIR 7695 §6.2): `cpe:2.3:` and 11 attributes separated by
 * unescaped colons. An asset names one product, so this reads CPE *names*, not match patterns: a
 * value of `*` (ANY) or `-` (NA) is "no value", and a wildcard inside a value is refused, since once
 * unescaped `10.*` and the literal `10.\*` could no longer be told apart.
 */

export interface Cpe23 {
  /** Application, operating system or hardware. */
  part: 'a' | 'o' | 'h';
  vendor: string;
  product: string;
  /** Undefined for `*` (ANY) and `-` (NA), as are the attributes after it. */
  version?: string;
  update?: string;
  edition?: string;
  language?: string;
  swEdition?: string;
  targetSw?: string;
  targetHw?: string;
  other?: string;
}

export class CpeError extends Error {
  override name = 'CpeError';
}

const PREFIX = 'cpe:2.3:';
const ATTRIBUTES = [
  'part',
  'vendor',
  'product',
  'version',
  'update',
  'edition',
  'language',
  'swEdition',
  'targetSw',
  'targetHw',
  'other',
] as const;
type Attribute = (typeof ATTRIBUTES)[number];

const show = (value: string) => JSON.stringify(value.length > 120 ? `${value.slice(0, 120)}…` : value);

/** The components between unescaped colons; escapes stay in for `unescape` to check. */
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

/** Unquoted in a value: letters, digits, `-`, `.`, `_` (§6.2.2); all other printable ASCII is quoted. */
const UNRESERVED = /[A-Za-z0-9._-]/;
const QUOTABLE = /[!-/:-@[-`{-~]/;

/** The attribute's value with its escapes removed; undefined for ANY and NA. */
function unescape(name: Attribute, raw: string): string | undefined {
  if (raw === '*' || raw === '-') return undefined;
  if (raw === '') throw new CpeError(`${name} is empty (write * for ANY or - for NA)`);
  let value = '';
  for (let i = 0; i < raw.length; i++) {
    const c = raw[i]!;
    if (c === '\\') {
      const next = raw[i + 1];
      if (next === undefined) throw new CpeError(`${name} ends with a lone backslash`);
      if (!QUOTABLE.test(next)) throw new CpeError(`${name} escapes ${show(next)}, which needs no escape`);
      value += next;
      i++;
    } else if (c === '*' || c === '?') {
      throw new CpeError(`${name} ${show(raw)} has a wildcard: a pattern, not the name of one product`);
    } else if (UNRESERVED.test(c)) {
      value += c;
    } else {
      throw new CpeError(
        `${name} ${show(raw)} has ${show(c)}, which must be escaped (\\${c}) or is not allowed`,
      );
    }
  }
  return value;
}

/** RFC 5646 as CPE 2.3 restricts it (§5.3.3.3): a 2–3 letter language, optionally `-` and a region. */
const LANGUAGE = /^[A-Za-z]{2,3}(?:-(?:[A-Za-z]{2}|\d{3}))?$/;

/** A CPE 2.3 formatted string → its attributes, unescaped; throws a `CpeError` saying what is wrong. */
export function parseCpe23(s: string): Cpe23 {
  const text = s.trim();
  if (text.startsWith('cpe:/'))
    throw new CpeError(`${show(text)} is a CPE 2.2 URI; a CPE 2.3 formatted string starts with "cpe:2.3:"`);
  if (!text.toLowerCase().startsWith(PREFIX))
    throw new CpeError(`${show(text)} is not a CPE 2.3 formatted string (it must start with "cpe:2.3:")`);
  if (!/^[!-~]*$/.test(text))
    throw new CpeError(`${show(text)} has white space or characters outside printable ASCII`);
  const parts = split(text.slice(PREFIX.length));
  if (parts.length !== ATTRIBUTES.length)
    throw new CpeError(
      `${show(text)} has ${parts.length} attributes after "cpe:2.3:"; a CPE 2.3 name has ${ATTRIBUTES.length} (13 components in all)`,
    );
  const values: Partial<Record<Attribute, string>> = {};
  ATTRIBUTES.forEach((name, i) => {
    const value = unescape(name, parts[i]!);
    if (value !== undefined) values[name] = value;
  });
  const part = parts[0]!.toLowerCase();
  if (part !== 'a' && part !== 'o' && part !== 'h')
    throw new CpeError(
      `part ${show(parts[0]!)} is not a (application), o (operating system) or h (hardware)`,
    );
  if (values.vendor === undefined || values.product === undefined)
    throw new CpeError(`${show(text)} does not name a vendor and a product (* and - name none)`);
  if (values.language !== undefined && !LANGUAGE.test(values.language))
    throw new CpeError(`language ${show(values.language)} is not a language tag such as en or en-us`);
  return { ...values, part, vendor: values.vendor, product: values.product };
}
