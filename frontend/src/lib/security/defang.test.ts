import { describe, expect, it } from 'vitest';
import { defang, hasLiveIndicators } from './defang';

describe('defang', () => {
  it.each([
    ['http://evil.example.com/a.php', 'hxxp://evil[.]example[.]com/a[.]php'],
    ['HTTPS://Evil.COM', 'HxxPS://Evil[.]COM'],
    ['ftp://files.example.net', 'fxp://files[.]example[.]net'],
    ['ann@example.org', 'ann[@]example[.]org'],
    ['beacon to 203.0.113.7 and 10.0.0.1', 'beacon to 203[.]0[.]113[.]7 and 10[.]0[.]0[.]1'],
    ['javascript:alert(1)', 'javascript[:]alert(1)'],
    ['data:text/html;base64,xx', 'data[:]text/html;base64,xx'],
    ['xn--80ak6aa92e.com', 'xn--80ak6aa92e[.]com'],
    ['еvil.com', 'еvil[.]com'],
  ])('%j becomes %j', (input, expected) => {
    expect(defang(input)).toBe(expected);
  });

  it.each(['version 1.2.3', 'e.g. this', 'The data: 5 rows', '999.1.1.1.1', 'Ends with a period.'])(
    'leaves %j alone',
    (text) => expect(defang(text)).toBe(text),
  );

  it('is idempotent', () => {
    for (const text of ['http://a.b.com/x', 'a@b.co', '1.2.3.4', 'javascript:x', 'hxxp://a[.]b']) {
      expect(defang(defang(text))).toBe(defang(text));
    }
  });

  it('reports whether text holds live indicators', () => {
    expect(hasLiveIndicators('see evil.com')).toBe(true);
    expect(hasLiveIndicators('see evil[.]com')).toBe(false);
  });
});
