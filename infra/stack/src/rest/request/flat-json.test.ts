import { describe, expect, it } from 'vitest';
import { readFlatObject } from './flat-json.js';

describe('readFlatObject', () => {
  it('reads a flat object, keeping numbers exactly as sent', () => {
    const values = readFlatObject(
      ' {"p_limit": 10, "x":1.50e2 ,"s":"a\\"b\\n/c","t":true,"f":false,"n":null} ',
    );
    expect(values && Object.fromEntries(values)).toEqual({
      p_limit: { kind: 'number', text: '10' },
      x: { kind: 'number', text: '1.50e2' },
      s: { kind: 'string', text: 'a"b\n/c' },
      t: { kind: 'boolean', text: 'true' },
      f: { kind: 'boolean', text: 'false' },
      n: { kind: 'null' },
    });
    expect(readFlatObject('{}')?.size).toBe(0);
    expect(readFlatObject('{"-1":-0.5}')?.get('-1')).toEqual({ kind: 'number', text: '-0.5' });
  });

  it('leaves everything else to the general JSON path', () => {
    for (const text of [
      '',
      '[]',
      '[{"a":1}]',
      '{"a":[1]}',
      '{"a":{"b":1}}',
      '{"a":1,"a":2}',
      '{"a":"\\u0041"}',
      '{"\\u0061":1}',
      '{"a":01}',
      '{"a":1.}',
      '{"a":+1}',
      '{"a":truex}',
      '{"a":1,}',
      '{"a":1} x',
      '{"a" 1}',
      '{"a":"tab\there"}',
      '{a:1}',
      '\ufeff{"a":1}',
    ]) {
      expect(readFlatObject(text), text).toBeUndefined();
    }
  });

  it('agrees with JSON.parse on the keys and string values it accepts', () => {
    const text = '{"a b":"x\\\\y","c":"","d":"é"}';
    const values = readFlatObject(text)!;
    const parsed = JSON.parse(text) as Record<string, string>;
    expect([...values.keys()]).toEqual(Object.keys(parsed));
    for (const [key, value] of values) expect(value).toEqual({ kind: 'string', text: parsed[key] });
  });
});
