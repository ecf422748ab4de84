import { Readable } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { InputRefused } from '../formats/format.js';
import { HOSTILE } from '../formats/lib/testing.js';
import { MAX_TEXT_BYTES, type LeakItem, type LeakPost } from './leak-post.js';
import { leakSites } from './leak-sites.js';

/** Items of inline JSON; `chunk` feeds that many bytes at a time, splitting tokens and characters. */
async function itemsOf(json: unknown, chunk = 0): Promise<LeakItem[]> {
  const text = typeof json === 'string' ? json : JSON.stringify(json);
  const bytes = Buffer.from(text);
  const pieces =
    chunk > 0
      ? Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
          bytes.subarray(i * chunk, (i + 1) * chunk),
        )
      : [bytes];
  const items: LeakItem[] = [];
  for await (const item of leakSites.parse(Readable.from(pieces), {
    fileName: 'inline',
    head: text.slice(0, 65536),
  }))
    items.push(item);
  return items;
}

async function refusalOf(json: string): Promise<InputRefused> {
  try {
    await itemsOf(json);
  } catch (error) {
    if (error instanceof InputRefused) return error;
    throw error;
  }
  throw new Error('the input was not refused');
}

describe('leak sites: other shapes', () => {
  it('a ransomware.live victim with its richer fields', async () => {
    const [post] = await itemsOf([
      {
        victim: 'Example Dental &amp; Co',
        group: ' LockBit3 ',
        discovered: '2024-05-09 10:54:44.150040',
        published: '2024-05-09T10:23:16+02:00',
        attackdate: '2024-05-01',
        country: 'uk',
        activity: 'Healthcare',
        domain: 'exampledental.co.uk',
        post_url: 'http://lockbitexample.onion/post/1',
        description: 'We have 50 GB of patient records.',
      },
    ]);
    expect(post).toEqual({
      kind: 'post',
      where: '$[0]',
      source: 'leak-site',
      group: 'lockbit3',
      victim: 'Example Dental & Co',
      publishedAt: '2024-05-09T08:23:16.000Z',
      country: 'GB',
      sector: 'Healthcare',
      website: 'exampledental.co.uk',
      url: 'http://lockbitexample.onion/post/1',
      text: 'We have 50 GB of patient records.',
      context: {
        title_raw: 'Example Dental &amp; Co',
        discovered: '2024-05-09T10:54:44.150Z',
        attackdate: '2024-05-01T00:00:00.000Z',
      },
    });
  });

  it('ransomware.live placeholders and a country that is no ISO code', async () => {
    const [post] = await itemsOf([
      {
        post_title: 'x',
        group_name: 'akira',
        discovered: '2024-01-01',
        country: 'Germany',
        activity: 'Not Found',
        website: '',
      },
    ]);
    expect(post).toEqual({
      kind: 'post',
      where: '$[0]',
      source: 'leak-site',
      group: 'akira',
      victim: 'x',
      publishedAt: '2024-01-01T00:00:00.000Z',
      context: { country_raw: 'Germany' },
    });
  });

  it('a paste, titled or named by its first line, its text capped at 64 KiB', async () => {
    // `x` is the last whole character that fits: the `é` after it would straddle the limit.
    const long = `first line\r\n${'a'.repeat(MAX_TEXT_BYTES - 14)}xé tail`;
    const [titled, untitled] = await itemsOf([
      {
        title: 'combo list',
        content: 'acme.com:hunter2',
        site: 'pastebin.com',
        date: 1717200000,
        url: 'https://pastebin.com/abc',
      },
      { text: `\n\n  ${long}`, source: 'ghostbin', created_at: '2024-06-01T00:00:00Z' },
    ]);
    expect(titled).toEqual({
      kind: 'post',
      where: '$[0]',
      source: 'paste',
      victim: 'combo list',
      publishedAt: '2024-06-01T00:00:00.000Z',
      url: 'https://pastebin.com/abc',
      text: 'acme.com:hunter2',
      context: { site: 'pastebin.com' },
    });
    expect(untitled).toMatchObject({ where: '$[1]', victim: 'first line' });
    expect(Object.keys((untitled as LeakPost).context)).toEqual([
      'title_from_text',
      'site',
      'text_truncated',
    ]);
    expect((untitled as LeakPost).context).toMatchObject({ title_from_text: true, site: 'ghostbin' });
    const text = (untitled as LeakPost).text ?? '';
    expect(Buffer.byteLength(text)).toBeLessThanOrEqual(MAX_TEXT_BYTES);
    expect(text.endsWith('x')).toBe(true);
    expect((untitled as LeakPost).context.text_truncated).toEqual({
      original_bytes: MAX_TEXT_BYTES + 6,
      kept_bytes: MAX_TEXT_BYTES - 1,
    });
  });

  it('records without a title or a date, or with a date that is none, are rejected where they are', async () => {
    expect(
      await itemsOf([
        { group_name: 'play', discovered: '2024-01-01' },
        { post_title: '   ', group_name: 'play', discovered: '2024-01-01' },
        { post_title: 'a', group_name: 'play' },
        { post_title: 'a', group_name: 'play', discovered: 'last tuesday' },
        { post_title: 'a', group_name: 'play', discovered: '1970-01-01 00:00:00' },
        { content: '', source: 'pastebin', date: '2024-01-01' },
        { title: 'x', content: 'y', site: 'pastebin' },
        { name: 'what is this' },
        'a string',
        { post_title: 'ok', group_name: 'play', discovered: '2024-01-01 00:00:00.000000' },
      ]),
    ).toEqual([
      { kind: 'reject', where: '$[0]', reason: 'no victim (post_title, victim)' },
      { kind: 'reject', where: '$[1]', reason: 'no victim (post_title, victim)' },
      { kind: 'reject', where: '$[2]', reason: 'no date (published, discovered, attackdate)' },
      { kind: 'reject', where: '$[3]', reason: 'discovered: not a date: "last tuesday"' },
      { kind: 'reject', where: '$[4]', reason: 'discovered: date before 1990: "1970-01-01 00:00:00"' },
      { kind: 'reject', where: '$[5]', reason: 'the paste has no content, text' },
      { kind: 'reject', where: '$[6]', reason: 'no date (date, published, created_at)' },
      {
        kind: 'reject',
        where: '$[7]',
        reason: 'neither a leak-site post (post_title, victim) nor a paste (content, text)',
      },
      { kind: 'reject', where: '$[8]', reason: 'not a post (an object was expected)' },
      expect.objectContaining({ kind: 'post', where: '$[9]' }),
    ]);
  });

  it('hostile text is kept as given (only the group name is lower-cased)', async () => {
    const cmd = "=cmd|' /C calc'!A0";
    const day = '2024-01-01';
    expect(
      await itemsOf([
        { post_title: HOSTILE.html, group_name: HOSTILE.sql, discovered: day, description: HOSTILE.formula },
        {
          post_title: cmd,
          group_name: cmd,
          discovered: day,
          website: HOSTILE.formula,
          country: HOSTILE.html,
        },
        { content: HOSTILE.html, title: HOSTILE.formula, site: cmd, date: day },
      ]),
    ).toMatchObject([
      { victim: HOSTILE.html, group: HOSTILE.sql, text: HOSTILE.formula, context: {} },
      {
        victim: cmd,
        group: cmd.toLowerCase(),
        website: HOSTILE.formula,
        context: { country_raw: HOSTILE.html },
      },
      { victim: HOSTILE.formula, text: HOSTILE.html, context: { site: cmd } },
    ]);
  });

  it('titles escaped several times over are decoded to the end', async () => {
    const [post] = await itemsOf([
      { post_title: 'A &amp;amp;amp; B &amp;lt;C&amp;gt;', group: 'x', discovered: '2024-01-01' },
    ]);
    expect(post).toMatchObject({
      victim: 'A & B <C>',
      context: { title_raw: 'A &amp;amp;amp; B &amp;lt;C&amp;gt;' },
    });
  });

  it('a stream fed 7 bytes at a time gives the same items', async () => {
    const data = [
      {
        post_title: 'Bücherei Müller &amp; Söhne 🦊',
        group_name: 'akira',
        discovered: '2024-01-01 12:00:00.5',
      },
      { victim: 'zweite', group: 'play', published: '2024-02-02' },
      { content: 'ü'.repeat(40), site: 'paste', date: '2024-03-03' },
    ];
    const whole = await itemsOf(data);
    expect(await itemsOf(data, 7)).toEqual(whole);
    expect(whole[0]).toMatchObject({
      victim: 'Bücherei Müller & Söhne 🦊',
      publishedAt: '2024-01-01T12:00:00.500Z',
    });
  });
});

describe('leak sites: detection', () => {
  const head = (value: unknown) => ({ fileName: 'x.json', head: JSON.stringify(value, null, 2) });
  it.each([
    ['ransomwatch', [{ post_title: 'a', group_name: 'b', discovered: '2024-01-01' }], true],
    ['ransomware.live', [{ victim: 'a', group: 'b', attackdate: '2024-01-01' }], true],
    ['a paste dump', [{ text: 'a', site: 'pastebin', created_at: '2024-01-01' }], true],
    ['an object', { post_title: 'a', group_name: 'b' }, false],
    ['another array', [{ title: 'a', text: 'b' }], false],
  ])('%s', (_, value, detected) => {
    expect(leakSites.detect(head(value))).toBe(detected);
  });
});

describe('leak sites: inputs refused as a whole', () => {
  it.each([
    ['an object', '{"posts": []}', /the document is not a JSON array/],
    ['a bare string', '"posts"', /the document is not a JSON array/],
    ['truncated JSON', '[{"post_title": "a", "group_name": "b", "disc', /^malformed or truncated JSON/],
  ])('%s', async (_, json, message) => {
    expect((await refusalOf(json)).message).toMatch(message);
  });
  it('an empty array is no posts, not an error', async () => {
    expect(await itemsOf('[]')).toEqual([]);
  });
});
