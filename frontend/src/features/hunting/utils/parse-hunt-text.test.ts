import { describe, expect, it } from 'vitest';
import { HUNT_LIMITS, pasteSizeProblem, utf8Length } from './hunt-limits';
import { parseHuntText, parseHuntTextInChunks, PasteTooLargeError } from './parse-hunt-text';

describe('parseHuntText', () => {
  it('reads one value per line and skips blank lines and # or // comments', () => {
    const parsed = parseHuntText(
      ['# campaign 42', '', '203.0.113.7', '   ', '// from the vendor report', 'evil.com  # the C2'].join(
        '\n',
      ),
    );
    expect(parsed.values).toEqual([
      { type: 'ipv4', value: '203.0.113.7' },
      { type: 'domain', value: 'evil.com' },
    ]);
    expect(parsed.unrecognised).toBe(0);
  });

  it('also splits on commas, whitespace and semicolons, and reads CRLF text', () => {
    const parsed = parseHuntText('1.1.1.1,2.2.2.2;3.3.3.3\t4.4.4.4 5.5.5.5\r\n6.6.6.6');
    expect(parsed.values.map((item) => item.value)).toEqual([
      '1.1.1.1',
      '2.2.2.2',
      '3.3.3.3',
      '4.4.4.4',
      '5.5.5.5',
      '6.6.6.6',
    ]);
  });

  it('refangs defanged values and detects mixed types', () => {
    const parsed = parseHuntText(
      [
        'hxxp://evil[.]com/login',
        'evil[.]org',
        '198.51.100[.]2',
        'admin[@]evil[.]net',
        'D41D8CD98F00B204E9800998ECF8427E',
        '2001:DB8::1',
      ].join('\n'),
    );
    expect(parsed.values).toEqual([
      { type: 'url', value: 'http://evil.com/login' },
      { type: 'domain', value: 'evil.org' },
      { type: 'ipv4', value: '198.51.100.2' },
      { type: 'email', value: 'admin@evil.net' },
      { type: 'md5', value: 'd41d8cd98f00b204e9800998ecf8427e' },
      { type: 'ipv6', value: '2001:db8::1' },
    ]);
    expect(parsed.byType).toEqual({ url: 1, domain: 1, ipv4: 1, email: 1, md5: 1, ipv6: 1 });
  });

  it('folds duplicates by canonical value and counts them', () => {
    const parsed = parseHuntText('EVIL.com\nevil[.]com\nevil.com.\nhxxp://evil.com\nhttp://EVIL.com/');
    expect(parsed.values).toEqual([
      { type: 'domain', value: 'evil.com' },
      { type: 'url', value: 'http://evil.com/' },
    ]);
    expect(parsed.duplicates).toBe(3);
  });

  it('lists unrecognised entries with their line and the reason, the first 20 only', () => {
    const lines = ['evil.com', 'not-an-indicator', ...Array.from({ length: 30 }, (_, i) => `junk${i}`)];
    const parsed = parseHuntText(lines.join('\n'));
    expect(parsed.unrecognised).toBe(31);
    expect(parsed.unrecognisedSamples).toHaveLength(HUNT_LIMITS.unrecognisedSamples);
    expect(parsed.unrecognisedSamples[0]).toEqual({
      line: 2,
      text: 'not-an-indicator',
      reason: 'Not an IP address or range, domain, URL, e-mail address, hash, ASN or JA4 fingerprint.',
    });
  });

  it('refuses a value longer than any indicator', () => {
    const parsed = parseHuntText(`http://evil.com/${'a'.repeat(HUNT_LIMITS.maxValueChars)}`);
    expect(parsed.values).toEqual([]);
    expect(parsed.unrecognisedSamples[0]!.reason).toMatch(/Longer than 8192 characters/);
  });

  it('keeps hostile text as text', () => {
    const parsed = parseHuntText('<img src=x onerror=alert(1)>');
    expect(parsed.values).toEqual([]);
    expect(parsed.unrecognisedSamples.map((entry) => entry.text)).toEqual([
      '<img',
      'src=x',
      'onerror=alert(1)>',
    ]);
  });

  it('stops collecting past the value limit and says so', () => {
    const count = HUNT_LIMITS.maxValues + 5;
    const text = Array.from(
      { length: count },
      (_, i) => `10.${(i >> 16) & 255}.${(i >> 8) & 255}.${i & 255}`,
    ).join('\n');
    const parsed = parseHuntText(text);
    expect(parsed.values).toHaveLength(HUNT_LIMITS.maxValues);
    expect(parsed.overLimit).toBe(true);
  });

  it('refuses a paste over 10 MB before reading it', () => {
    const huge = 'a'.repeat(HUNT_LIMITS.maxTextBytes + 1);
    expect(pasteSizeProblem(huge)).toMatch(/at most 10 MB/);
    expect(() => parseHuntText(huge)).toThrow(PasteTooLargeError);
    expect(pasteSizeProblem('a'.repeat(HUNT_LIMITS.maxTextBytes))).toBeNull();
  });

  it('counts the size in UTF-8 bytes, not characters', () => {
    expect(utf8Length('aé€😀')).toBe(1 + 2 + 3 + 4);
    const multiByte = '€'.repeat(Math.ceil(HUNT_LIMITS.maxTextBytes / 3) + 1);
    expect(multiByte.length).toBeLessThan(HUNT_LIMITS.maxTextBytes);
    expect(pasteSizeProblem(multiByte)).not.toBeNull();
  });
});

describe('parseHuntTextInChunks', () => {
  it('reads the same as the one-pass reading, pausing between chunks', async () => {
    const text = Array.from({ length: 250 }, (_, i) => `host${i % 200}.example.com`).join('\n');
    const parsed = await parseHuntTextInChunks(text, { linesPerChunk: 7 });
    expect(parsed).toEqual(parseHuntText(text));
    expect(parsed.values).toHaveLength(200);
    expect(parsed.duplicates).toBe(50);
  });

  it('stops when aborted', async () => {
    const controller = new AbortController();
    const reading = parseHuntTextInChunks('evil.com\n'.repeat(100), {
      linesPerChunk: 10,
      signal: controller.signal,
    });
    controller.abort();
    await expect(reading).rejects.toThrow();
  });

  it('rejects a paste over 10 MB', async () => {
    await expect(parseHuntTextInChunks('a'.repeat(HUNT_LIMITS.maxTextBytes + 1))).rejects.toThrow(
      PasteTooLargeError,
    );
  });
});
