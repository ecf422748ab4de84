import { describe, expect, it } from 'vitest';
import { restartDelay } from './function-process.js';
import { parseEnvFile } from './runtime-env.js';

describe('functions .env file', () => {
  it('reads KEY=value lines with comments, export and quotes', () => {
    const text = [
      '# secrets for local functions',
      'PLAIN=value # trailing comment',
      'export EXPORTED=yes',
      'DOUBLE="two\\nlines"',
      "SINGLE='kept # not a comment'",
      'EMPTY=',
      'not a line',
      '',
    ].join('\n');
    expect(parseEnvFile(text)).toEqual({
      PLAIN: 'value',
      EXPORTED: 'yes',
      DOUBLE: 'two\nlines',
      SINGLE: 'kept # not a comment',
      EMPTY: '',
    });
  });
});

describe('restart backoff', () => {
  it('starts at half a second, doubles, and stops growing at 30 s', () => {
    expect([1, 2, 3, 4, 7, 8, 20].map(restartDelay)).toEqual([500, 1000, 2000, 4000, 30_000, 30_000, 30_000]);
  });
});
