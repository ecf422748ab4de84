import { describe, expect, it } from 'vitest';
import { isoTimestamp, parseArrayLiteral, toJsonValue } from './values.js';

describe('toJsonValue', () => {
  it('renders scalars as to_jsonb does', () => {
    expect(toJsonValue('42', { typname: 'int4' })).toBe(42);
    expect(toJsonValue('-7', { typname: 'int8' })).toBe(-7);
    expect(toJsonValue('1.5', { typname: 'numeric' })).toBe(1.5);
    expect(toJsonValue('NaN', { typname: 'float8' })).toBe('NaN');
    expect(toJsonValue('Infinity', { typname: 'numeric' })).toBe('Infinity');
    expect(toJsonValue('t', { typname: 'bool' })).toBe(true);
    expect(toJsonValue('f', { typname: 'bool' })).toBe(false);
    expect(toJsonValue('{"a": [1, 2]}', { typname: 'jsonb' })).toEqual({ a: [1, 2] });
    expect(toJsonValue('hello', { typname: 'text' })).toBe('hello');
    expect(toJsonValue(null, { typname: 'int4' })).toBeNull();
    expect(toJsonValue('2026-01-02 03:04:05.678', { typname: 'timestamp' })).toBe('2026-01-02T03:04:05.678');
    expect(toJsonValue('2026-01-02 03:04:05+00', { typname: 'timestamptz' })).toBe(
      '2026-01-02T03:04:05+00:00',
    );
  });

  it('parses arrays, nested and quoted, with element conversion', () => {
    expect(toJsonValue('{1,2,NULL}', { typname: '_int4', elemTypname: 'int4' })).toEqual([1, 2, null]);
    expect(toJsonValue('{a,"b,c","d\\"e"}', { typname: '_text', elemTypname: 'text' })).toEqual([
      'a',
      'b,c',
      'd"e',
    ]);
    expect(toJsonValue('{{1,2},{3,4}}', { typname: '_int4', elemTypname: 'int4' })).toEqual([
      [1, 2],
      [3, 4],
    ]);
    expect(toJsonValue('{}', { typname: '_text', elemTypname: 'text' })).toEqual([]);
    expect(toJsonValue('{t,f}', { typname: '_bool', elemTypname: 'bool' })).toEqual([true, false]);
    expect(parseArrayLiteral('[0:1]={5,6}')).toEqual(['5', '6']);
    expect(parseArrayLiteral('{1,2')).toBeUndefined();
  });

  it('writes time zones as +HH:MM and leaves special values alone', () => {
    expect(isoTimestamp('2026-01-02 03:04:05+05:30', true)).toBe('2026-01-02T03:04:05+05:30');
    expect(isoTimestamp('2026-01-02 03:04:05-08', true)).toBe('2026-01-02T03:04:05-08:00');
    expect(isoTimestamp('infinity', true)).toBe('infinity');
  });
});
