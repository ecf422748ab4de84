import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { readUrlState, urlList, writeUrlState } from './url-state';

const schema = z.object({
  types: urlList(z.enum(['domain', 'url', 'ipv4'])),
  q: z.string().max(20).default(''),
  minConfidence: z.coerce.number().int().min(0).max(100).optional(),
  sort: z.enum(['last_seen', 'value']).default('last_seen'),
});

describe('URL state', () => {
  it('reads defaults from an empty query', () => {
    expect(readUrlState(schema, new URLSearchParams())).toEqual({
      types: [],
      q: '',
      minConfidence: undefined,
      sort: 'last_seen',
    });
  });

  it('reads repeated parameters as a list and numbers as numbers', () => {
    const state = readUrlState(schema, new URLSearchParams('types=domain&types=url&minConfidence=75&q=evil'));
    expect(state).toEqual({ types: ['domain', 'url'], q: 'evil', minConfidence: 75, sort: 'last_seen' });
  });

  it('resets only the parameter that is invalid', () => {
    const state = readUrlState(schema, new URLSearchParams('types=nope&sort=random&minConfidence=300&q=ok'));
    expect(state).toEqual({ types: [], q: 'ok', minConfidence: undefined, sort: 'last_seen' });
  });

  it('writes a patch, leaving defaults and empty values out of the link', () => {
    const defaults = readUrlState(schema, new URLSearchParams());
    const next = writeUrlState(
      new URLSearchParams('q=old&other=kept'),
      { q: '', types: ['url', 'ipv4'], sort: 'last_seen' },
      defaults,
    );
    expect(next.toString()).toBe('other=kept&types=url&types=ipv4');
  });
});
