import { describe, expect, it } from 'vitest';
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
