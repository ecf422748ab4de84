import { describe, expect, it } from 'vitest';
import {
  FilterError,
  matchesFilter,
  parseFilter,
  typeFamily,
  validateCondition,
  type TypeFamily,
} from './filters.js';

const families: Record<string, TypeFamily> = { id: 'number', name: 'text', done: 'boolean', at: 'time' };
const familyOf = (column: string) => families[column] ?? 'text';
const matches = (filter: string, record: Record<string, unknown>) =>
  matchesFilter(parseFilter(filter), record, familyOf);

describe('parseFilter', () => {
  it('parses single, negated, listed and combined filters', () => {
    expect(parseFilter('id=eq.5')).toEqual([{ column: 'id', op: 'eq', negate: false, values: ['5'] }]);
    expect(parseFilter('name=not.eq.bob')).toEqual([
      { column: 'name', op: 'eq', negate: true, values: ['bob'] },
    ]);
    expect(parseFilter('name=in.(a,"b,c",d)')[0]!.values).toEqual(['a', 'b,c', 'd']);
    expect(parseFilter('id=gt.1,name=eq."x,y"')).toEqual([
      { column: 'id', op: 'gt', negate: false, values: ['1'] },
      { column: 'name', op: 'eq', negate: false, values: ['x,y'] },
    ]);
    expect(parseFilter('name=eq.a.b')[0]!.values).toEqual(['a.b']);
    expect(parseFilter(undefined)).toEqual([]);
    expect(parseFilter('  ')).toEqual([]);
  });

  it('refuses malformed filters', () => {
    expect(() => parseFilter('id')).toThrow(FilterError);
    expect(() => parseFilter('id=5')).toThrow(/operator/);
    expect(() => parseFilter('id=between.1')).toThrow(/unknown filter operator/);
    expect(() => parseFilter('id=in.1,2')).toThrow(/in\.\(a,b/);
    expect(() => parseFilter('name=eq."open')).toThrow(/quote/);
    expect(() => parseFilter('done=is.maybe')).toThrow(/is/);
  });

  it('validates values against the column type', () => {
    expect(() => validateCondition(parseFilter('id=eq.abc')[0]!, 'number')).toThrow(/numeric/);
    expect(() => validateCondition(parseFilter('done=eq.perhaps')[0]!, 'boolean')).toThrow(/boolean/);
    expect(() => validateCondition(parseFilter('name=match.(')[0]!, 'text')).toThrow(/regular expression/);
    expect(() => validateCondition(parseFilter('id=in.(1,2)')[0]!, 'number')).not.toThrow();
    expect(typeFamily('int8')).toBe('number');
    expect(typeFamily('timestamptz')).toBe('time');
    expect(typeFamily('uuid')).toBe('text');
  });
});

describe('matchesFilter', () => {
  it('compares numbers numerically and text as text', () => {
    expect(matches('id=eq.5', { id: 5 })).toBe(true);
    expect(matches('id=eq.5.0', { id: 5 })).toBe(true);
    expect(matches('id=neq.5', { id: 5 })).toBe(false);
    expect(matches('id=lt.10', { id: 9 })).toBe(true);
    expect(matches('id=lt.10', { id: 10 })).toBe(false);
    expect(matches('id=lte.10', { id: 10 })).toBe(true);
    expect(matches('id=gt.9', { id: 10 })).toBe(true);
    expect(matches('id=gte.11', { id: 10 })).toBe(false);
    expect(matches('name=lt.b', { name: 'a' })).toBe(true);
    expect(matches('id=in.(1,2,3)', { id: 2 })).toBe(true);
    expect(matches('id=in.(1,2,3)', { id: 4 })).toBe(false);
    expect(matches('name=in.("a,b",c)', { name: 'a,b' })).toBe(true);
  });

  it('treats nulls and missing columns as SQL does', () => {
    expect(matches('name=eq.x', { name: null })).toBe(false);
    expect(matches('name=neq.x', { name: null })).toBe(false);
    expect(matches('name=not.eq.x', { name: null })).toBe(false);
    expect(matches('name=is.null', { name: null })).toBe(true);
    expect(matches('name=not.is.null', { name: 'a' })).toBe(true);
    expect(matches('name=isdistinct.x', { name: null })).toBe(true);
    expect(matches('name=eq.x', {})).toBe(false);
  });

  it('handles booleans, times, patterns and ANDed conditions', () => {
    expect(matches('done=eq.true', { done: true })).toBe(true);
    expect(matches('done=is.false', { done: false })).toBe(true);
    expect(matches('at=gt.2026-01-01T00:00:00Z', { at: '2026-01-02T00:00:00+00:00' })).toBe(true);
    expect(matches('at=eq.2026-01-02 00:00:00+00', { at: '2026-01-02T00:00:00+00:00' })).toBe(true);
    expect(matches('name=like.ab%', { name: 'abc' })).toBe(true);
    expect(matches('name=like.ab_', { name: 'abcd' })).toBe(false);
    expect(matches('name=ilike.AB%', { name: 'abc' })).toBe(true);
    expect(matches('name=match.^a.c$', { name: 'abc' })).toBe(true);
    expect(matches('id=gt.1,name=eq.x', { id: 2, name: 'x' })).toBe(true);
    expect(matches('id=gt.1,name=eq.x', { id: 2, name: 'y' })).toBe(false);
  });
});
