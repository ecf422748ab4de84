import { describe, expect, it } from 'vitest';
import { RestError } from '../errors.js';
import { parseJsonBody } from './body.js';
import { contentTypeOf, negotiateOutput } from './media-type.js';
import { parsePrefer, preferenceApplied } from './prefer.js';
import { capRange, intersectRanges, rangeFromHeader } from './range.js';

describe('parsePrefer', () => {
  it('splits repeated, comma-separated values; the first of each kind wins', () => {
    const prefs = parsePrefer([
      'return=representation, count=exact',
      'resolution=merge-duplicates,count=planned, missing=default',
    ]);
    expect(prefs).toMatchObject({
      return: 'representation',
      count: 'exact',
      resolution: 'merge-duplicates',
      missing: 'default',
      invalid: [],
    });
  });

  it('collects unknown values and reads max-affected, tx and handling', () => {
    const prefs = parsePrefer('handling=strict, max-affected=5, tx=rollback, foo=bar, count=lots');
    expect(prefs).toMatchObject({
      handling: 'strict',
      maxAffected: 5,
      tx: 'rollback',
      invalid: ['foo=bar', 'count=lots'],
    });
    expect(preferenceApplied(prefs)).toBe('tx=rollback, handling=strict, max-affected=5');
  });
});

describe('negotiateOutput', () => {
  it('picks the first producible type by quality', () => {
    expect(negotiateOutput(undefined)).toEqual({ kind: 'json', stripNulls: false });
    expect(negotiateOutput('text/xml;q=0.9, text/csv')).toEqual({ kind: 'csv' });
    expect(negotiateOutput('application/vnd.pgrst.object+json;nulls=stripped')).toEqual({
      kind: 'object',
      stripNulls: true,
    });
    expect(contentTypeOf({ kind: 'object', stripNulls: false })).toBe(
      'application/vnd.pgrst.object+json; charset=utf-8',
    );
  });

  it('answers 406 PGRST107 for types it cannot produce', () => {
    try {
      negotiateOutput('text/xml, application/geo+json');
      throw new Error('expected a failure');
    } catch (error) {
      expect((error as RestError).body()).toEqual({
        code: 'PGRST107',
        message: 'None of these media types are available: text/xml, application/geo+json',
        details: null,
        hint: null,
      });
    }
  });
});

describe('ranges', () => {
  it('reads Range headers and intersects them with limit/offset', () => {
    expect(rangeFromHeader('0-9')).toEqual({ offset: 0, limit: 10 });
    expect(rangeFromHeader('5-')).toEqual({ offset: 5 });
    expect(() => rangeFromHeader('9-1')).toThrow(RestError);
    expect(intersectRanges({ offset: 2, limit: 10 }, { offset: 0, limit: 5 })).toEqual({
      offset: 2,
      limit: 3,
    });
    expect(capRange({ offset: 3 }, 1000)).toEqual({ offset: 3, limit: 1000 });
    expect(capRange({ offset: 0, limit: 20 }, 10)).toEqual({ offset: 0, limit: 10 });
  });
});

describe('parseJsonBody', () => {
  const body = (text: string, columns?: string[]) => parseJsonBody(Buffer.from(text), 'json', columns, false);

  it('keeps the text and reads the keys of objects and uniform arrays', () => {
    expect(body('{"a":1,"b":2}')).toMatchObject({ text: '{"a":1,"b":2}', keys: ['a', 'b'], isArray: false });
    expect(body('[{"a":1},{"a":2}]')).toMatchObject({ keys: ['a'], isArray: true });
    expect(body('[{"a":1},{"b":2}]', ['a', 'b'])).toMatchObject({ keys: ['a', 'b'], isArray: true });
  });

  it('answers PGRST102 for invalid JSON and non-uniform arrays', () => {
    expect(() => body('{"a":')).toThrow('Empty or invalid json');
    expect(() => body('')).toThrow('Empty or invalid json');
    expect(() => body('[{"a":1},{"b":2}]')).toThrow('All object keys must match');
  });
});
