/**
 * A position in a query-parameter value, with errors worded like PostgREST's parser (PGRST100:
 * message names the parameter and column, details say what was unexpected and what was expected).
 */
export class QueryParseError extends Error {
  constructor(
    message: string,
    readonly details: string,
  ) {
    super(message);
    this.name = 'QueryParseError';
  }
}

/** Deeper nesting than any real query needs; beyond it the parser refuses instead of overflowing. */
export const MAX_NESTING = 64;

export class Cursor {
  pos = 0;
  depth = 0;

  constructor(
    readonly text: string,
    /** e.g. `failed to parse select parameter (id,name)` */
    readonly context: string,
  ) {}

  get eof(): boolean {
    return this.pos >= this.text.length;
  }

  peek(offset = 0): string {
    return this.text[this.pos + offset] ?? '';
  }

  startsWith(s: string): boolean {
    return this.text.startsWith(s, this.pos);
  }

  /** Consumes `s` if it comes next. */
  accept(s: string): boolean {
    if (!this.startsWith(s)) return false;
    this.pos += s.length;
    return true;
  }

  expect(s: string, expecting = `"${s}"`): void {
    if (!this.accept(s)) throw this.error(expecting);
  }

  /** Enters one level of parentheses; refuses absurd nesting with a parse error. */
  enter(): void {
    if (++this.depth > MAX_NESTING) throw this.error(`at most ${MAX_NESTING} levels of nesting`);
  }

  leave(): void {
    this.depth--;
  }

  skipSpaces(): void {
    while (this.peek() === ' ' || this.peek() === '\t') this.pos++;
  }

  error(expecting: string): QueryParseError {
    const unexpected = this.eof ? 'end of input' : `"${this.peek()}"`;
    return new QueryParseError(
      `"${this.context}" (line 1, column ${this.pos + 1})`,
      `unexpected ${unexpected} expecting ${expecting}`,
    );
  }
}
