import { describe, expect, it } from 'vitest';
import { analyseSample } from './feed-map-sample';
import { draftOf, mapDocument } from './feed-map-draft';

const defaults = { tlp: 'amber', confidence: 50 } as const;
const CSV =
  '\uFEFFIndicator;Kind;Seen;Note\n198.51.100.7;ip;2026-03-01;"two\nlines"\n203.0.113.77/24;cidr;;\nwhatever;asn-ish;;\n';
const MAP = {
  format: 'csv',
  delimiter: ';',
  header: true,
  fields: {
    value: 'Indicator',
    type: { column: 'Kind', values: { ip: 'ipv4', cidr: 'ipv4-cidr' } },
    first_seen: 'Seen',
  },
};

describe('the map builder reads a sample as the importer does', () => {
  it('offers the header, the type column values, and previews rows as stored with rejects by line', () => {
    const analysis = analyseSample(CSV, MAP, defaults);
    expect(analysis.problems).toEqual([]);
    expect(analysis.columns).toEqual(['Indicator', 'Kind', 'Seen', 'Note']);
    expect(analysis.typeValues).toEqual(['ip', 'cidr', 'asn-ish']);
    expect(analysis.preview).toMatchObject({ records: 3, rejected: 1 });
    expect(analysis.preview!.rows).toEqual([
      expect.objectContaining({
        where: 'line 3',
        ok: true,
        stored: expect.objectContaining({
          value: '198.51.100.7',
          firstSeen: '2026-03-01T00:00:00.000Z',
          tlp: 'amber',
        }),
      }),
      // Stored canonically: the importer's own preparation clears the range's host bits.
      expect.objectContaining({
        where: 'line 4',
        stored: expect.objectContaining({ value: '203.0.113.0/24' }),
      }),
      { where: 'line 5', ok: false, reason: 'type "asn-ish" is not one the map knows ("ip", "cidr")' },
    ]);
  });

  it("names the map's faults and a sample that does not fit it, keeping the columns to pick from", () => {
    const unfinished = analyseSample(CSV, { ...MAP, fields: { type: 'url' } }, defaults);
    expect(unfinished.problems).toEqual(['fields.value is missing']);
    expect(unfinished.columns).toHaveLength(4);
    const comma = analyseSample(CSV, { ...MAP, delimiter: ',' }, defaults);
    expect(comma.problems).toEqual([
      expect.stringMatching(/^the delimiter does not match: the map says ","/),
    ]);
    const missing = analyseSample(CSV, { ...MAP, fields: { ...MAP.fields, labels: 'Tags' } }, defaults);
    expect(missing.problems).toEqual([expect.stringContaining('the map names column "Tags" (for labels)')]);
  });

  it('reads JSON records at a dotted path, and says when the path is not an array', () => {
    const doc = JSON.stringify({ data: { items: [{ ioc: { v: 'evil.example' } }, 5] } });
    const map = { format: 'json', records: 'data.items', fields: { value: 'ioc.v', type: 'domain' } };
    const analysis = analyseSample(doc, map, defaults);
    expect(analysis.columns).toEqual(['ioc.v']);
    expect(analysis.preview!.rows).toEqual([
      expect.objectContaining({ ok: true, stored: expect.objectContaining({ value: 'evil.example' }) }),
      { where: '$.data.items[1]', ok: false, reason: 'the record is not an object' },
    ]);
    expect(analyseSample(doc, { ...map, records: 'data' }, defaults).problems).toEqual([
      '"records": "data" is an object, not an array',
    ]);
  });
});

describe('the draft and the document', () => {
  it('round-trips a stored map and leaves out what does not apply', () => {
    expect(mapDocument(draftOf(MAP))).toEqual(MAP);
    const json = mapDocument({ ...draftOf(MAP), format: 'json', records: ' data ' });
    expect(json).toEqual({ format: 'json', records: 'data', fields: MAP.fields });
    const unmapped = draftOf({ ...MAP, fields: { value: 1, type: { column: 2, values: { ip: '' } } } });
    expect(mapDocument(unmapped).fields).toEqual({ value: 1, type: { column: 2 } });
  });
});
