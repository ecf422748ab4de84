/**
 * A strict reader for the common RPC body: one JSON object whose values are all strings, numbers,
 * booleans or null (`{"p_limit":10}`). It keeps each number's text exactly as sent, because that
 * text is what Postgres' `json_to_record` hands to the parameter type (`10.0` stays `10.0`), which
 * `JSON.parse` would lose. Anything else (arrays, nested values, duplicate keys, `\u` escapes,
 * invalid JSON) gives `undefined`, and the caller takes the general path, which reports errors.
 */

export type FlatValue =
  | { kind: 'string'; text: string }
  | { kind: 'number'; text: string }
  | { kind: 'boolean'; text: 'true' | 'false' }
  | { kind: 'null' };

const NUMBER = /-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?/y;
/** A JSON string without `\u` escapes or control characters; other escapes are decoded by JSON.parse. */
// eslint-disable-next-line no-control-regex -- JSON forbids raw control characters in strings.
const STRING = /"(?:[^"\\\u0000-\u001f]|\\["\\/bfnrt])*"/y;
const SPACE = /[ \t\n\r]*/y;
const WORD = /true|false|null/y;

/** A cursor over the body text; a class so no closures are allocated per request. */
class Cursor {
  at = 0;
  constructor(readonly text: string) {}

  skipSpace(): void {
    SPACE.lastIndex = this.at;
    SPACE.exec(this.text);
    this.at = SPACE.lastIndex;
  }

  /** Consumes `char` (after whitespace) if it is next. */
  take(char: string): boolean {
    this.skipSpace();
    if (this.text[this.at] !== char) return false;
    this.at++;
    return true;
  }

  token(pattern: RegExp): string | undefined {
    pattern.lastIndex = this.at;
    const match = pattern.exec(this.text);
    if (!match) return undefined;
    this.at = pattern.lastIndex;
    return match[0];
  }

  value(): FlatValue | undefined {
    this.skipSpace();
    const first = this.text[this.at];
    if (first === '"') {
      const raw = this.token(STRING);
      return raw === undefined ? undefined : { kind: 'string', text: JSON.parse(raw) as string };
    }
    if (first === 't' || first === 'f' || first === 'n') {
      const word = this.token(WORD);
      if (word === undefined) return undefined;
      return word === 'null' ? { kind: 'null' } : { kind: 'boolean', text: word as 'true' | 'false' };
    }
    const number = this.token(NUMBER);
    return number === undefined ? undefined : { kind: 'number', text: number };
  }
}

export function readFlatObject(text: string): Map<string, FlatValue> | undefined {
  const cursor = new Cursor(text);
  const values = new Map<string, FlatValue>();
  if (!cursor.take('{')) return undefined;
  if (!cursor.take('}')) {
    do {
      cursor.skipSpace();
      const rawKey = cursor.token(STRING);
      if (rawKey === undefined) return undefined;
      const key = JSON.parse(rawKey) as string;
      if (values.has(key) || !cursor.take(':')) return undefined;
      const value = cursor.value();
      if (value === undefined) return undefined;
      values.set(key, value);
    } while (cursor.take(','));
    if (!cursor.take('}')) return undefined;
  }
  cursor.skipSpace();
  return cursor.at === text.length ? values : undefined;
}
