import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';
import { beforeAll, describe, expect, it } from 'vitest';
import { SAMPLE_FILES, sampleOf } from '../formats/lib/testing.js';
import { openInput } from '../input/open-input.js';
import { sharedFile } from '../testing/shared-data.js';
import type { LeakItem, LeakPost } from './leak-post.js';
import { leakSites } from './leak-sites.js';

const FIXTURE = 'leak-sites/ransomwatch-posts-2026-08-22.json.gz';

interface RawPost {
  post_title: string;
  group_name: string;
}

const posts = (items: LeakItem[]) => items.filter((item): item is LeakPost => item.kind === 'post');

describe('leak sites: the ransomwatch fixture', () => {
  const items: LeakItem[] = [];
  let all: LeakPost[] = [];
  beforeAll(async () => {
    const input = await openInput(sharedFile(FIXTURE));
    for await (const item of leakSites.parse(input.stream, {
      fileName: 'posts.json',
      head: input.sample.head,
    }))
      items.push(item);
    all = posts(items);
  });

  it('17,532 records: 17,531 posts and one whose title is a blank', () => {
    expect(items).toHaveLength(17_532);
    expect(all).toHaveLength(17_531);
    // The data has `"post_title": " "` (nitrogen, 2025-12-03): a post naming nobody.
    expect(items.filter((item) => item.kind === 'reject')).toEqual([
      { kind: 'reject', where: '$[16672]', reason: 'no victim (post_title, victim)' },
    ]);
  });

  it('157 groups, lower-case; duplicates are yielded for the database to fold', () => {
    const groups = new Set(all.map((post) => post.group));
    expect(groups.size).toBe(157);
    expect(groups.has('fog')).toBe(true);
    expect(groups.has('dan0n')).toBe(true);
    expect(all.filter((post) => post.group === 'lockbit3')).toHaveLength(2_053);
    // The 11 byte-identical (title, group) pairs of the file are all yielded…
    const raw = JSON.parse(gunzipSync(readFileSync(sharedFile(FIXTURE))).toString('utf8')) as RawPost[];
    const firstAt = new Map<string, number>();
    const repeated: number[] = [];
    raw.forEach(({ post_title, group_name }, i) => {
      const pair = `${group_name}\u0000${post_title}`;
      if (firstAt.has(pair)) repeated.push(firstAt.get(pair)!, i);
      else firstAt.set(pair, i);
    });
    expect(repeated).toHaveLength(22);
    for (const i of repeated) expect(items[i]).toMatchObject({ kind: 'post', where: `$[${i}]` });
    // …and trimming and decoding show 86 more re-scrapes of one claim (`" Rudman"` and `"Rudman"`).
    expect(all.length - new Set(all.map((post) => `${post.group}\u0000${post.victim}`)).size).toBe(97);
  });

  it('dates become ISO 8601 UTC (microseconds cut to milliseconds)', () => {
    expect(all[0]).toEqual({
      kind: 'post',
      where: '$[0]',
      source: 'leak-site',
      group: 'lorenz',
      victim: 'Windemuller',
      publishedAt: '2020-01-12T00:00:00.000Z',
      context: {},
    });
    expect(all.at(-1)?.publishedAt).toBe('2026-08-22T07:03:28.460Z');
  });

  it('HTML-escaped titles are decoded, the raw title kept', () => {
    expect(items[9243]).toMatchObject({
      group: 'cactus',
      victim: 'Dillard Door & Security',
      context: { title_raw: 'Dillard Door &amp; Security' },
    });
    const victims = new Set(all.map((post) => post.victim));
    expect(victims.has("O'Connell Mahon Architects")).toBe(true);
    // Escaped once per re-scrape in the source; every copy decodes to the same name.
    expect(items.slice(16389, 16392).map((item) => (item as LeakPost).victim)).toEqual(
      Array(3).fill('News-Press & Gazette Co.'),
    );
    expect(all.filter((post) => /&(amp|lt|gt|quot|#\d+|#x[0-9a-f]+);/i.test(post.victim))).toEqual([]);
  });

  it('truncated titles are flagged', () => {
    expect(all.find((post) => post.victim === 'russellwbho.co....')?.context).toEqual({
      title_may_be_truncated: true,
    });
  });

  it('is detected by its sample; the other formats are not leak posts', async () => {
    expect(leakSites.detect(await sampleOf(FIXTURE))).toBe(true);
    for (const [, file] of SAMPLE_FILES) expect(leakSites.detect(await sampleOf(file)), file).toBe(false);
  });
});
