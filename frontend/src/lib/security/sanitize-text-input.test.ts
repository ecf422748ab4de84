import { describe, expect, it } from 'vitest';
import { isSanitizedInputType, sanitizeTextInput, stripDangerousText } from './sanitize-text-input';
import { XSS_CORPUS } from './xss-corpus.fixture';

/** What must never survive the sanitiser. */
function assertClean(output: string) {
  expect(output).not.toMatch(/[<>\uff1c\uff1e]/);
  expect(output).not.toMatch(/javascript\s*:/i);
  expect(output).not.toMatch(/\bon[a-z]+\s*=/i);
  expect(output).not.toContain('\u0000');
  expect(output).toBe(output.trim());
}

describe('sanitizeTextInput', () => {
  it.each([
    ['  hello world  ', 'hello world'],
    ['<b>bold</b>', 'bbold/b'],
    ['JaVaScRiPt:alert(1)', 'alert(1)'],
    ['<img src=x onerror=alert(1)>', 'img src=x alert(1)'],
    ['javajavascript:script:alert(1)', 'alert(1)'],
    ['<scr<script>ipt>', 'scrscriptipt'],
    ['ononerror=error=x', 'error=x'],
    ['java\tscript:x', 'x'],
    ['javascript&colon;x', 'x'],
    ['a\u0000b', 'ab'],
    ['\uff1cscript\uff1e', 'script'],
    ['analyst@example.org', 'analyst@example.org'],
    ['Bonus = 3, online', 'Bonus = 3, online'],
  ])('%j becomes %j', (input, expected) => {
    expect(sanitizeTextInput(input)).toBe(expected);
  });

  it.each(XSS_CORPUS.map((s) => [s.kind, s.vector]))(
    'leaves nothing executable in a %s vector: %j',
    (_kind, vector) => {
      const once = sanitizeTextInput(vector);
      assertClean(once);
      expect(sanitizeTextInput(once)).toBe(once);
    },
  );

  it('is idempotent over random strings built from dangerous fragments: f(f(x)) = f(x)', () => {
    const fragments = [
      'java',
      'script',
      'javascript',
      ':',
      'on',
      'error',
      'load',
      '=',
      ' ',
      '\t',
      '<',
      '>',
      'a',
      'x',
      '\u0000',
      '&colon;',
      '&#58',
      '%3a',
      '\uff1c',
      '\u200b',
      'J',
      'S',
      'O',
      'N',
      '(',
      ')',
      '\n',
      'click',
      ' =',
    ];
    let seed = 20261121;
    const random = () => {
      // Park–Miller LCG: reproducible without a property-testing library.
      seed = (seed * 48271) % 2147483647;
      return seed / 2147483647;
    };
    for (let run = 0; run < 3000; run += 1) {
      const length = Math.floor(random() * 24);
      let input = '';
      for (let i = 0; i < length; i += 1) input += fragments[Math.floor(random() * fragments.length)];
      const once = sanitizeTextInput(input);
      expect(sanitizeTextInput(once), JSON.stringify(input)).toBe(once);
      assertClean(once);
    }
  });

  it('handles deep nesting that needs many passes', () => {
    let nested = 'javascript:';
    for (let i = 0; i < 100; i += 1) nested = `java${nested}script:`;
    expect(sanitizeTextInput(`${nested}x`)).toBe('x');
  });
});

describe('stripDangerousText', () => {
  it('keeps surrounding spaces so typing between words works', () => {
    expect(stripDangerousText('hello ')).toBe('hello ');
    expect(stripDangerousText(' <a> ')).toBe(' a ');
  });
});

describe('isSanitizedInputType', () => {
  it('applies to text, email and untyped inputs only', () => {
    expect([undefined, '', 'text', 'email'].every(isSanitizedInputType)).toBe(true);
    expect(['password', 'number', 'url', 'search', 'date'].some(isSanitizedInputType)).toBe(false);
  });
});
