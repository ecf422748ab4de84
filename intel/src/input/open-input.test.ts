import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, describe, expect, it } from 'vitest';
import { InputRefused } from '../formats/format.js';
import { FORMATS } from '../formats/registry.js';
import { sharedFile } from '../testing/shared-data.js';
import { openInput, SAMPLE_BYTES } from './open-input.js';

const dir = mkdtempSync(path.join(tmpdir(), 'open-input-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const temp = (name: string, content: string | Buffer) => {
  const file = path.join(dir, name);
  writeFileSync(file, content);
  return file;
};
const readAll = async (stream: Readable) => {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
};
const refusal = async (promise: Promise<unknown>): Promise<InputRefused> => {
  const error = await promise.then(
    () => undefined,
    (e: unknown) => e,
  );
  if (!(error instanceof InputRefused)) throw new Error(`expected InputRefused, got ${String(error)}`);
  return error;
};

const SUBSET = sharedFile('epss/epss_scores-kev-subset-2026-08-08.csv');
const FULL_GZ = sharedFile('epss/epss_scores-full-2026-08-16-via-emba.csv.gz');
/** Deterministic bytes with no structure, 0x00–0xff. */
const noise = (length: number, seed = 13) =>
  Buffer.from(Array.from({ length }, (_, i) => (i * 7919 + seed) % 256));

describe('openInput: plain and gzip', () => {
  it('a plain file: the whole text, the sample its head, bytes counted', async () => {
    const input = await openInput(SUBSET);
    const text = readFileSync(SUBSET);
    expect(input.sample).toEqual({
      fileName: 'epss_scores-kev-subset-2026-08-08.csv',
      head: text.toString('utf8'),
    });
    expect(input.bytesTotal).toBe(text.length);
    expect(await readAll(input.stream)).toEqual(text);
    expect(input.bytesRead()).toBe(text.length);
  });

  it('gzip by its magic bytes, whatever the name; bytesRead counts compressed bytes', async () => {
    const text = readFileSync(SUBSET);
    const gz = gzipSync(text);
    for (const name of ['subset.csv', 'subset.csv.gz', 'subset']) {
      const input = await openInput(temp(name, gz));
      expect(input.sample.head).toBe(text.toString('utf8'));
      expect(await readAll(input.stream)).toEqual(text);
      expect(input.bytesTotal).toBe(gz.length);
      expect(input.bytesRead()).toBe(gz.length);
    }
    const notGzip = await openInput(temp('plain.csv.gz', text));
    expect(await readAll(notGzip.stream)).toEqual(text);
  });

  it('a large gzip: the sample is the first 64 KiB, the stream the whole text', async () => {
    const input = await openInput(FULL_GZ);
    expect(input.sample.head.length).toBe(SAMPLE_BYTES);
    expect(input.sample.head.startsWith('cve,epss,percentile\nCVE-1999-1593,')).toBe(true);
    const text = await readAll(input.stream);
    expect(text.length).toBe(13_890_815);
    expect(input.bytesRead()).toBe(statSync(FULL_GZ).size);
  });

  it('the sample never ends in half a character', async () => {
    const input = await openInput(temp('wide.txt', `${'a'.repeat(SAMPLE_BYTES - 1)}é and more`));
    expect(input.sample.head).toBe('a'.repeat(SAMPLE_BYTES - 1));
    expect((await readAll(input.stream)).toString('utf8').endsWith('aé and more')).toBe(true);
  });
});

describe('openInput: BOM and empty files', () => {
  it('drops a UTF-8 BOM, in plain and gzip files alike', async () => {
    const text = 'cve,epss,percentile\r\nCVE-2024-0001,0.1,0.2\r\n';
    for (const content of [`\ufeff${text}`, gzipSync(`\ufeff${text}`)]) {
      const input = await openInput(temp('bom.csv', content));
      expect(input.sample.head).toBe(text);
      expect((await readAll(input.stream)).toString('utf8')).toBe(text);
    }
  });

  it.each([
    ['an empty file', ''],
    ['a BOM alone', '\ufeff'],
    ['a gzip of nothing', gzipSync('')],
  ])('%s is refused', async (_, content) => {
    expect((await refusal(openInput(temp('empty', content)))).message).toBe('the file is empty');
  });
});

describe('openInput: damaged and meaningless input', () => {
  it('a gzip cut in half is refused while it is read', async () => {
    const gz = readFileSync(FULL_GZ);
    const input = await openInput(temp('cut.csv.gz', gz.subarray(0, gz.length / 2)));
    expect(input.sample.head.startsWith('cve,epss,percentile')).toBe(true);
    expect((await refusal(readAll(input.stream))).message).toMatch(
      /^the gzip stream is truncated or damaged: unexpected end of file/,
    );
  });

  it('a small gzip cut short is refused when it is opened', async () => {
    const gz = gzipSync(readFileSync(SUBSET));
    expect((await refusal(openInput(temp('short.gz', gz.subarray(0, 2000))))).message).toMatch(
      /^the gzip stream is truncated or damaged/,
    );
  });

  it('random bytes after the gzip magic are refused as damaged gzip', async () => {
    const bytes = Buffer.concat([Buffer.from([0x1f, 0x8b]), noise(4096)]);
    expect((await refusal(openInput(temp('fake.gz', bytes)))).message).toMatch(
      /^the gzip stream is truncated or damaged/,
    );
  });

  it('random bytes open without error and are no format we read', async () => {
    const bytes = noise(100_000, 101);
    const input = await openInput(temp('random.bin', bytes));
    expect(FORMATS.filter((f) => f.detect(input.sample))).toEqual([]);
    expect(await readAll(input.stream)).toEqual(bytes);
  });

  it('a missing file is an error of its own, not a refusal', async () => {
    await expect(openInput(path.join(dir, 'nope.csv'))).rejects.toMatchObject({ code: 'ENOENT' });
  });
});
