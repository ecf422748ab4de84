import { describe, expect, it } from 'vitest';
import { copyField, CopyJson, copyRow } from './copy-text.js';

describe('COPY text encoding', () => {
  it('escapes the characters that end a field or a row', () => {
    expect(copyField('a\tb\nc\rd\\e')).toBe('a\\tb\\nc\\rd\\\\e');
  });
  it('writes null, numbers and booleans as Postgres reads them', () => {
    expect(copyRow([null, undefined, 42, 0.5, true, false])).toBe('\\N\t\\N\t42\t0.5\tt\tf\n');
  });
  it('quotes array elements and escapes quotes and backslashes inside them', () => {
    expect(copyField(['a', 'b"c', 'd\\e', ''])).toBe('{"a","b\\\\"c","d\\\\\\\\e",""}');
    expect(copyField([])).toBe('{}');
  });
  it('sends JSON with its backslashes escaped once more', () => {
    expect(copyField(new CopyJson({ q: 'say "hi"\n' }))).toBe('{"q":"say \\\\"hi\\\\"\\\\n"}');
  });
  it('keeps hostile text byte-exact (only COPY escapes are added)', () => {
    const hostile = `<script>alert(1)</script>'; drop table x;-- =HYPERLINK("http://x")`;
    expect(copyField(hostile)).toBe(hostile);
  });
  it('refuses a non-finite number', () => {
    expect(() => copyField(Number.NaN)).toThrow('not a finite number');
  });
});
