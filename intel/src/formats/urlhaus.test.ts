import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { sharedFile } from '../testing/shared-data.js';
import {
  draftsOfFile,
  draftsOfText,
  HOSTILE,
  refusalOf,
  SAMPLE_FILES,
  sampleOf,
  tally,
} from './lib/testing.js';
import { urlhausFormat } from './urlhaus.js';

const FILE = 'abusech/urlhaus-online-sample-2026-08-18.csv';
const HEAD =
  '# abuse.ch URLhaus Database Dump (CSV - online URLs only)\n#\n# id,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter\n';
const row = (...fields: string[]) => `${fields.map((f) => `"${f.replace(/"/g, '""')}"`).join(',')}\n`;

describe('URLhaus: the real dump', () => {
  it('20 URLs, each with its line, tags as labels, the URLhaus page as reference', async () => {
    const drafts = await draftsOfFile(urlhausFormat, FILE);
    expect(tally(drafts)).toEqual({ indicator: 20, 'indicator:url': 20 });
    expect(drafts[0]).toEqual({
      kind: 'indicator',
      where: 'line 10',
      type: 'url',
      value: 'http://120.84.215.27:44835/i',
      sourceRef: '3905439',
      reference: 'https://urlhaus.abuse.ch/url/3905439/',
      firstSeen: '2026-08-18 16:17:08',
      lastSeen: '2026-08-18 16:17:08',
      labels: [],
      context: { url_status: 'online', threat: 'malware_download', reporter: 'GAYINT_DOT_ORG' },
    });
    expect(drafts[1]).toMatchObject({
      where: 'line 11',
      sourceRef: '3905435',
      labels: ['176-65-139-212', 'elf', 'mirai', 'ua-wget'],
      reference: 'https://urlhaus.abuse.ch/url/3905435/',
    });
    expect(drafts.at(-1)).toMatchObject({
      where: 'line 29',
      sourceRef: '3904995',
      labels: ['elf', 'geofenced', 'mips', 'mirai', 'opendir', 'ua-wget', 'USA'],
    });
  });

  it('reads the same with CRLF line ends, in small chunks', async () => {
    const text = readFileSync(sharedFile(FILE), 'utf8').replace(/\n/g, '\r\n');
    expect(await draftsOfText(urlhausFormat, text, 64)).toEqual(await draftsOfFile(urlhausFormat, FILE));
  });
});

describe('URLhaus: detection', () => {
  it.each(SAMPLE_FILES)('%s: %s', async (format, file) => {
    expect(urlhausFormat.detect(await sampleOf(file))).toBe(format === 'urlhaus');
  });
  it('also with the column names as a plain first record', () => {
    expect(
      urlhausFormat.detect({
        fileName: 'x',
        head: '# URLhaus\nid,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter\n',
      }),
    ).toBe(true);
  });
});

describe('URLhaus: inputs refused as a whole', () => {
  it.each([
    [
      'no header',
      '# URLhaus\n"1","2026-08-18 10:00:00","http://x.example/","online"\n',
      /not a URLhaus dump: the header/,
    ],
    [
      'a quote never closed',
      `${HEAD}"1","2026-08-18 10:00:00","http://x.example/,online\n2,x\n`,
      /a quoted field is never closed/,
    ],
  ])('%s', async (_, text, message) => {
    expect((await refusalOf(urlhausFormat, text)).message).toMatch(message);
  });
});

describe('URLhaus: records', () => {
  it('a row without a url is rejected with its line; the others go on', async () => {
    const text = `${HEAD}${row('1', '2026-08-18 10:00:00', '', 'online')}${row('2', '2026-08-18 10:00:00', 'None', 'online')}${row('3', '2026-08-18 10:00:00', 'http://ok.example/a', 'offline', '', 'malware_download', 'None', 'https://urlhaus.abuse.ch/url/3/', 'r')}`;
    expect(await draftsOfText(urlhausFormat, text)).toEqual([
      { kind: 'reject', where: 'line 4', reason: 'url is missing' },
      { kind: 'reject', where: 'line 5', reason: 'url is missing' },
      {
        kind: 'indicator',
        where: 'line 6',
        type: 'url',
        value: 'http://ok.example/a',
        sourceRef: '3',
        reference: 'https://urlhaus.abuse.ch/url/3/',
        firstSeen: '2026-08-18 10:00:00',
        lastSeen: undefined,
        labels: [],
        context: { url_status: 'offline', threat: 'malware_download', reporter: 'r' },
      },
    ]);
  });

  it('an uncommented, unquoted header (as copies have it) and hostile text byte-exact', async () => {
    const text = `# URLhaus\nid,dateadded,url,url_status,last_online,threat,tags,urlhaus_link,reporter\n${row('9', '2026-08-18 10:00:00', `http://x.example/?q=${HOSTILE.html}`, 'online', '', HOSTILE.sql, `${HOSTILE.formula},elf`, 'https://urlhaus.abuse.ch/url/9/', HOSTILE.formula)}`;
    expect(await draftsOfText(urlhausFormat, text)).toEqual([
      expect.objectContaining({
        where: 'line 3',
        value: `http://x.example/?q=${HOSTILE.html}`,
        labels: [HOSTILE.formula, 'elf'],
        context: { url_status: 'online', threat: HOSTILE.sql, reporter: HOSTILE.formula },
      }),
    ]);
  });
});
