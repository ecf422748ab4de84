import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { firstLine, itemBatches, lineBatches, type Line, MAX_LINE_BYTES } from './lines.js';

async function linesOf(pieces: (string | Buffer)[], max?: number): Promise<Line[]> {
  const out: Line[] = [];
  for await (const batch of lineBatches(Readable.from(pieces), max)) out.push(...batch);
  return out;
}

const bytewise = (text: string) => [...Buffer.from(text)].map((byte) => Buffer.from([byte]));

describe('lineBatches', () => {
  it('splits on LF, drops the CR of CRLF, and keeps a last line without newline', async () => {
    expect(await linesOf(['a\r\nb\n\nc'])).toEqual(['a', 'b', '', 'c']);
    expect(await linesOf(['a\n'])).toEqual(['a']);
  });

  it('gives the same lines whatever the chunking, multi-byte characters included', async () => {
    const text = 'héllo wörld\n日本語のテキスト\n🦊 fox\nlast';
    const whole = await linesOf([text]);
    expect(whole).toEqual(['héllo wörld', '日本語のテキスト', '🦊 fox', 'last']);
    expect(await linesOf(bytewise(text))).toEqual(whole);
  });

  it('drops a line over the limit while it streams, and reports its length', async () => {
    const long = 'x'.repeat(50);
    expect(await linesOf([`ok\n${long}\nafter\n`], 20)).toEqual(['ok', { tooLong: 50 }, 'after']);
    // Across chunks, and as the unfinished last line.
    expect(await linesOf([...bytewise(`${long}\nafter\n`)], 20)).toEqual([{ tooLong: 50 }, 'after']);
    expect(await linesOf(['ok\n', long.slice(0, 30), long.slice(30)], 20)).toEqual(['ok', { tooLong: 50 }]);
    // A line of exactly the limit is kept.
    expect(await linesOf([`${'y'.repeat(20)}\n`], 20)).toEqual(['y'.repeat(20)]);
  });
});

describe('itemBatches', () => {
  it('numbers lines from 1 counting blank ones, and rejects an overlong line', async () => {
    const text = `first\n\n   \n${'z'.repeat(MAX_LINE_BYTES + 10)}\nlast\n`;
    const seen: string[] = [];
    const items = [];
    for await (const batch of itemBatches(Readable.from([Buffer.from(text)]), (t, where) => {
      seen.push(`${where}: ${t}`);
      return { kind: 'reject', where, reason: t };
    }))
      items.push(...batch);
    expect(seen).toEqual(['line 1: first', 'line 5: last']);
    expect(items[1]).toEqual({
      kind: 'reject',
      where: 'line 4',
      reason: `line longer than ${MAX_LINE_BYTES} bytes (${MAX_LINE_BYTES + 10} bytes): skipped unread`,
    });
  });

  it('yields batches of at most 1000 items', async () => {
    const text = 'x\n'.repeat(2500);
    const sizes: number[] = [];
    for await (const batch of itemBatches(Readable.from([text]), (_t, where) => ({
      kind: 'reject',
      where,
      reason: '',
    })))
      sizes.push(batch.length);
    expect(sizes).toEqual([1000, 1000, 500]);
  });

  it('drops a BOM at the very start', async () => {
    const seen: string[] = [];
    for await (const _ of itemBatches(Readable.from(['\uFEFFabc\n']), (t) => void seen.push(t)));
    expect(seen).toEqual(['abc']);
  });
});

describe('firstLine', () => {
  it('skips blank lines and says whether the sample holds the whole line', () => {
    expect(firstLine('\n \n{"a":1}\nmore')).toEqual({ text: '{"a":1}', complete: true });
    expect(firstLine('{"cut')).toEqual({ text: '{"cut', complete: false });
    expect(firstLine('\n\n')).toBeUndefined();
  });
});
