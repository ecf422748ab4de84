import { describe, expect, it } from 'vitest';
import { optionalBoolean, optionalObject, optionalString, parseJsonObject } from './request-body.js';

describe('parseJsonObject', () => {
  it('parses an object and treats null as empty', () => {
    expect(parseJsonObject('{"a":1}')).toEqual({ a: 1 });
    expect(parseJsonObject('null')).toEqual({});
  });

  it('refuses empty bodies unless allowed', () => {
    expect(() => parseJsonObject('')).toThrow(expect.objectContaining({ status: 400, code: 'bad_json' }));
    expect(parseJsonObject('  ', true)).toEqual({});
  });

  it('refuses malformed JSON and non-objects with bad_json', () => {
    for (const text of ['{', '[1]', '"x"', '12']) {
      expect(() => parseJsonObject(text)).toThrow(
        expect.objectContaining({
          code: 'bad_json',
          message: expect.stringMatching(/^Could not parse request body as JSON: /),
        }),
      );
    }
  });
});

describe('typed fields', () => {
  it('returns values of the right type and undefined for absent or null', () => {
    const body = { s: 'x', b: true, o: { k: 1 }, n: null };
    expect(optionalString(body, 's')).toBe('x');
    expect(optionalBoolean(body, 'b')).toBe(true);
    expect(optionalObject(body, 'o')).toEqual({ k: 1 });
    expect(optionalString(body, 'n')).toBeUndefined();
    expect(optionalString(body, 'missing')).toBeUndefined();
  });

  it('names the field when its type is wrong', () => {
    expect(() => optionalString({ email: 1 }, 'email')).toThrow(
      expect.objectContaining({
        code: 'bad_json',
        message:
          'Could not parse request body as JSON: json: cannot unmarshal number into Go struct field .email of type string',
      }),
    );
    expect(() => optionalObject({ data: [1] }, 'data')).toThrow(
      expect.objectContaining({ code: 'bad_json' }),
    );
    expect(() => optionalBoolean({ x: 'true' }, 'x')).toThrow(expect.objectContaining({ code: 'bad_json' }));
  });
});
