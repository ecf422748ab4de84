import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { afterAll, afterEach, describe, expect, it, vi } from 'vitest';
import { InputRefused } from '../formats/format.js';
import { jsonArrayAt } from '../formats/lib/json-stream.js';
import { DEFAULT_INPUT_LIMITS, inputLimits } from './limits.js';
import { openInput } from './open-input.js';

const dir = mkdtempSync(path.join(tmpdir(), 'input-limits-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));
afterEach(() => vi.unstubAllEnvs());

/** Every element of `{"objects": [...]}` read from `text`, or the refusal's message. */
async function readObjects(text: string | Readable): Promise<number | string> {
  let count = 0;
  try {
    for await (const _ of jsonArrayAt(
      typeof text === 'string' ? Readable.from([text]) : text,
      'objects',
      'a bundle',
    ))
      count++;
    return count;
  } catch (error) {
    if (error instanceof InputRefused) return error.message;
    throw error;
  }
}

describe('input bounds (issue 36 item 6)', () => {
  it('reads the bounds from the environment, and refuses a setting that is not a positive whole number', () => {
    expect(inputLimits({})).toEqual(DEFAULT_INPUT_LIMITS);
    expect(inputLimits({ INTEL_MAX_JSON_DEPTH: '8', INTEL_MAX_JSON_TOKEN_CHARS: ' 1000 ' })).toMatchObject({
      maxJsonDepth: 8,
      maxJsonTokenChars: 1000,
    });
    expect(() => inputLimits({ INTEL_MAX_DECOMPRESSED_BYTES: '1e99' })).toThrow(
      'INTEL_MAX_DECOMPRESSED_BYTES must be a positive whole number, not "1e99"',
    );
  });

  it('refuses a gzip that decompresses past INTEL_MAX_DECOMPRESSED_BYTES', async () => {
    vi.stubEnv('INTEL_MAX_DECOMPRESSED_BYTES', String(1024 * 1024));
    const file = path.join(dir, 'bomb.json.gz');
    writeFileSync(file, gzipSync(`{"objects": ["${'a'.repeat(4 * 1024 * 1024)}"]}`));
    const opened = await openInput(file);
    expect(await readObjects(opened.stream)).toBe(
      'the file decompresses to more than 1,048,576 bytes (the limit, INTEL_MAX_DECOMPRESSED_BYTES)',
    );
  });

  it('refuses one value longer than INTEL_MAX_JSON_TOKEN_CHARS while it is read (measured in input chunks)', async () => {
    vi.stubEnv('INTEL_MAX_JSON_TOKEN_CHARS', '100000');
    const chunked = (text: string) => Readable.from(text.match(/[^]{1,16384}/g)!);
    const refusal = 'a JSON value is longer than 100,000 characters (the limit, INTEL_MAX_JSON_TOKEN_CHARS)';
    expect(await readObjects(chunked(`{"objects": [{"description": "${'x'.repeat(300_000)}"}]}`))).toBe(
      refusal,
    );
    // Keys and numbers are values too.
    expect(await readObjects(chunked(`{"objects": [{"${'k'.repeat(300_000)}": 1}]}`))).toBe(refusal);
    expect(await readObjects(chunked(`{"objects": [${'9'.repeat(300_000)}]}`))).toBe(refusal);
    // Many values, however large the input, and one value well within the bound pass.
    const many = Array.from({ length: 20_000 }, (_, i) => `"value ${i}"`).join(',');
    expect(await readObjects(chunked(`{"objects": [${many}]}`))).toBe(20_000);
    expect(await readObjects(chunked(`{"objects": ["${'x'.repeat(50_000)}"]}`))).toBe(1);
  });

  it('refuses nesting deeper than INTEL_MAX_JSON_DEPTH', async () => {
    vi.stubEnv('INTEL_MAX_JSON_DEPTH', '10');
    const nested = (depth: number) => `{"objects": [${'['.repeat(depth - 2)}${']'.repeat(depth - 2)}]}`;
    expect(await readObjects(nested(10))).toBe(1);
    expect(await readObjects(nested(11))).toBe(
      'JSON nested deeper than 10 levels (the limit, INTEL_MAX_JSON_DEPTH)',
    );
  });
});
