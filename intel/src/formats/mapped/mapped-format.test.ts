import { describe, expect, it } from 'vitest';
import type { Draft } from '../../model/drafts.js';
import { InputRefused } from '../format.js';
import { draftsOfText } from '../lib/testing.js';
import { FeedMapError, parseFeedMap, parseFeedMapText } from './feed-map.js';
import { mappedFormat } from './mapped-format.js';

const csvMap = parseFeedMap({
  delimiter: ';',
  header: true,
  fields: {
    value: 'indicator',
    type: { column: 'Kind', values: { ip: 'ipv4', cidr: 'ipv4-cidr', Domain: 'domain' } },
    first_seen: 'first',
    labels: 'tags',
    description: 5,
    confidence: 'conf',
    tlp: 'marking',
  },
});

const HEADER = 'indicator;kind;first;tags;note;conf;marking\n';
const reasons = (drafts: Draft[]) =>
  drafts.filter((d) => d.kind === 'reject').map((d) => `${d.where}: ${(d as { reason: string }).reason}`);
const indicators = (drafts: Draft[]) => drafts.filter((d) => d.kind === 'indicator');

describe('feed map document', () => {
  it('fills the defaults: csv, comma, header', () => {
    const map = parseFeedMap({ fields: { value: 1, type: 'ipv4' } });
    expect(map).toMatchObject({ format: 'csv', delimiter: ',', header: true, list_separator: ',' });
  });

  it('says every fault in plain words', () => {
    const error = (() => {
      try {
        parseFeedMap({
          delimiter: ';;',
          fields: { type: { column: 'k', values: { ip: 'ip-address' } }, colour: 'x', confidence: 0 },
        });
      } catch (e) {
        return e as FeedMapError;
      }
    })();
    expect(error).toBeInstanceOf(FeedMapError);
    expect(error!.problems).toEqual(
      expect.arrayContaining([
        expect.stringContaining('delimiter is one character'),
        'fields.value is missing',
        expect.stringContaining('"ip-address" is not an indicator type'),
        'fields: unknown key "colour"',
        'fields.confidence: column indexes start at 1',
      ]),
    );
  });

  it('refuses names without a header, numbers in a JSON map, records in a CSV map, and text that is not JSON', () => {
    expect(() => parseFeedMap({ header: false, fields: { value: 'ioc', type: 'url' } })).toThrow(
      /no header.*use its column number/,
    );
    expect(() => parseFeedMap({ format: 'json', fields: { value: 2, type: 'url' } })).toThrow(/names keys/);
    expect(() => parseFeedMap({ records: 'a', fields: { value: 1, type: 'url' } })).toThrow(/JSON maps only/);
    expect(() => parseFeedMapText('{"fields": ')).toThrow(/it is not JSON/);
  });
});

describe('a CSV through a map', () => {
  it("imports a ';'-separated CSV with its own headers, rejecting a bad row by line (held-out check)", async () => {
    const text = `\uFEFF${HEADER}1.2.3.4;ip;2026-01-02;botnet, c2;"two\nlines";80;TLP:GREEN\n10.0.0.0/8;CIDR;2026-01-03;;;;\nevil.example;dom;;;;;\nEvil.Example;domain;;;;;\n`;
    const drafts = await draftsOfText(mappedFormat(csvMap), text.replace('\uFEFF', ''), 7);
    expect(indicators(drafts)).toEqual([
      expect.objectContaining({
        where: 'line 3',
        type: 'ipv4',
        value: '1.2.3.4',
        firstSeen: '2026-01-02',
        labels: ['botnet', 'c2'],
        description: 'two\nlines',
        confidence: 80,
        tlp: 'green',
      }),
      expect.objectContaining({ where: 'line 4', type: 'ipv4-cidr', value: '10.0.0.0/8', labels: [] }),
      expect.objectContaining({ where: 'line 6', type: 'domain', value: 'Evil.Example' }),
    ]);
    expect(reasons(drafts)).toEqual(['line 5: type "dom" is not one the map knows ("ip", "cidr", "Domain")']);
  });

  it('rejects rows with an empty value, a bad confidence or an unknown TLP, and keeps the rest', async () => {
    const drafts = await draftsOfText(
      mappedFormat(csvMap),
      `${HEADER};ip;;;;;\n1.1.1.1;ip;;;;high;\n1.1.1.2;ip;;;;;purple\n1.1.1.3;ip;;;;;\n`,
    );
    expect(reasons(drafts)).toEqual([
      'line 2: value is empty',
      'line 3: confidence "high" is not a whole number from 0 to 100',
      'line 4: tlp "purple" is not a TLP level',
    ]);
    expect(indicators(drafts)).toHaveLength(1);
  });

  it('refuses a map naming a missing column before any row is read', async () => {
    const map = parseFeedMap({ ...csvMap, fields: { ...csvMap.fields, last_seen: 'seen', malware: 9 } });
    await expect(draftsOfText(mappedFormat(map), `${HEADER}1.2.3.4;ip;;;;;\n`)).rejects.toThrow(
      new InputRefused(
        'the map names column "seen" (for last_seen), column 9 (for malware), which the file does not have: the header has "indicator", "kind", "first", "tags", "note", "conf", "marking"',
      ),
    );
  });

  it('says so when the delimiter does not match the file', async () => {
    await expect(
      draftsOfText(mappedFormat(csvMap), 'indicator,kind,first\n1.2.3.4,ip,2026-01-01\n'),
    ).rejects.toThrow(/the delimiter does not match: the map says ";".*separate with ","/);
  });

  it('refuses a file with no rows and reads a file without a header by column number', async () => {
    await expect(draftsOfText(mappedFormat(csvMap), '# only a comment\n\n')).rejects.toThrow(/has no rows/);
    const map = parseFeedMap({ delimiter: '\t', header: false, fields: { value: 2, type: 'sha256' } });
    const hash = 'A'.repeat(64);
    const drafts = await draftsOfText(mappedFormat(map), `x\t${hash}\ny\t\n`);
    expect(indicators(drafts)).toEqual([
      expect.objectContaining({ where: 'line 1', value: hash, type: 'sha256' }),
    ]);
    expect(reasons(drafts)).toEqual(['line 2: value is empty']);
  });
});

describe('JSON through a map', () => {
  const jsonMap = parseFeedMap({
    format: 'json',
    records: 'data.iocs',
    fields: { value: 'ioc.value', type: { column: 'ioc.kind' }, labels: 'tags', malware: 'family' },
  });

  it('streams the records at a dotted path, lists kept as lists', async () => {
    const doc = {
      meta: { iocs: 'not these' },
      data: {
        count: 3,
        iocs: [
          { ioc: { value: 'http://x.example/a', kind: 'URL' }, tags: ['phish', 7], family: 'Emotet' },
          { ioc: { value: { nested: true }, kind: 'url' } },
          'text',
          { ioc: { value: 'd41d8cd98f00b204e9800998ecf8427e', kind: 'hash' } },
        ],
      },
    };
    const drafts = await draftsOfText(mappedFormat(jsonMap), JSON.stringify(doc), 11);
    expect(indicators(drafts)).toEqual([
      expect.objectContaining({
        where: '$.data.iocs[0]',
        type: 'url',
        labels: ['phish', '7'],
        malware: ['Emotet'],
      }),
    ]);
    expect(reasons(drafts)).toEqual([
      '$.data.iocs[1]: value is not text or a number',
      '$.data.iocs[2]: the record is not an object',
      '$.data.iocs[3]: type "hash" is not one the map knows (our type names)',
    ]);
  });

  it('refuses a records path that is not an array, or absent, and a document that is not an array', async () => {
    await expect(draftsOfText(mappedFormat(jsonMap), '{"data": {"iocs": {"a": 1}}}')).rejects.toThrow(
      '"records": "data.iocs" is an object, not an array',
    );
    await expect(draftsOfText(mappedFormat(jsonMap), '{"data": {}}')).rejects.toThrow(
      '"records": there is no "data.iocs" in the document',
    );
    const top = parseFeedMap({ format: 'json', fields: { value: 'v', type: 'domain' } });
    await expect(draftsOfText(mappedFormat(top), '{"v": 1}')).rejects.toThrow(/document is an object/);
    expect(indicators(await draftsOfText(mappedFormat(top), '[{"v": "a.example"}]'))).toHaveLength(1);
  });
});
