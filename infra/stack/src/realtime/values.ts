/**
 * Turns a column's Postgres text output (as pgoutput sends it) into the JSON value Supabase
 * Realtime sends, which is `to_jsonb(value::type)`: numbers and booleans unquoted, json/jsonb
 * parsed, timestamps in ISO form with a `T`, arrays as JSON arrays, everything else as text.
 */

/** What conversion needs to know about a (base) type. */
export interface ValueType {
  /** Base type name (domains resolved), e.g. int4, timestamptz, _text. */
  typname: string;
  /** For array types: the element's base type name. */
  elemTypname?: string;
}

const INTEGER = new Set(['int2', 'int4', 'int8', 'oid', 'xid', 'cid']);
const FLOAT = new Set(['float4', 'float8', 'numeric']);

function scalar(text: string, typname: string): unknown {
  if (INTEGER.has(typname)) {
    const n = Number(text);
    return Number.isFinite(n) ? n : text;
  }
  if (FLOAT.has(typname)) {
    // NaN and Infinity have no JSON number form; jsonb keeps them as strings too.
    const n = Number(text);
    return Number.isFinite(n) && /^[-+]?[0-9.eE+-]+$/.test(text) ? n : text;
  }
  switch (typname) {
    case 'bool':
      return text === 't' || text === 'true';
    case 'json':
    case 'jsonb':
      try {
        return JSON.parse(text);
      } catch {
        return text;
      }
    case 'timestamp':
      return isoTimestamp(text, false);
    case 'timestamptz':
      return isoTimestamp(text, true);
    default:
      return text;
  }
}

/** "2026-01-02 10:00:00.5+00" → "2026-01-02T10:00:00.5+00:00" (jsonb's rendering). */
export function isoTimestamp(text: string, withZone: boolean): string {
  if (!/^\d{4,}-\d\d-\d\d /.test(text)) return text; // infinity, BC dates: left as Postgres wrote them
  let out = text.replace(' ', 'T');
  if (withZone) {
    const zone = /([+-])(\d\d)(?::?(\d\d))?(?::?(\d\d))?$/.exec(out);
    if (zone) {
      const [whole, sign, hh, mm = '00', ss] = zone;
      out = out.slice(0, out.length - whole.length) + `${sign}${hh}:${mm}${ss ? `:${ss}` : ''}`;
    }
  }
  return out;
}

/** Parses a Postgres array literal ({1,2,"a b",NULL,{3,4}}) into nested string/null arrays. */
export function parseArrayLiteral(text: string): unknown[] | undefined {
  let i = 0;
  // Optional dimension decoration: [1:2]={...}
  if (text.startsWith('[')) {
    const eq = text.indexOf('=');
    if (eq < 0) return undefined;
    i = eq + 1;
  }
  function parseLevel(): unknown[] | undefined {
    if (text[i] !== '{') return undefined;
    i++;
    const items: unknown[] = [];
    if (text[i] === '}') {
      i++;
      return items;
    }
    for (;;) {
      if (text[i] === '{') {
        const nested = parseLevel();
        if (!nested) return undefined;
        items.push(nested);
      } else if (text[i] === '"') {
        i++;
        let s = '';
        while (i < text.length && text[i] !== '"') {
          if (text[i] === '\\') i++;
          s += text[i] ?? '';
          i++;
        }
        i++;
        items.push(s);
      } else {
        let s = '';
        while (i < text.length && text[i] !== ',' && text[i] !== '}') s += text[i++];
        items.push(s === 'NULL' ? null : s);
      }
      if (text[i] === ',') {
        i++;
        continue;
      }
      if (text[i] === '}') {
        i++;
        return items;
      }
      return undefined;
    }
  }
  const result = parseLevel();
  return result && i === text.length ? result : undefined;
}

function convertItems(items: unknown[], elem: string): unknown[] {
  return items.map((item) => {
    if (item === null) return null;
    if (Array.isArray(item)) return convertItems(item, elem);
    return scalar(item as string, elem);
  });
}

/** Converts one text value; null stays null. */
export function toJsonValue(text: string | null, type: ValueType): unknown {
  if (text === null) return null;
  if (type.elemTypname !== undefined) {
    const items = parseArrayLiteral(text);
    return items ? convertItems(items, type.elemTypname) : text;
  }
  return scalar(text, type.typname);
}
