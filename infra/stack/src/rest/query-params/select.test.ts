import { describe, expect, it } from 'vitest';
import { QueryParseError } from './cursor.js';
import { parseSelect } from './select.js';

describe('parseSelect', () => {
  it('reads columns, star, aliases and casts', () => {
    expect(parseSelect('id,*,title:name,age::text')).toEqual([
      { kind: 'field', field: { name: 'id', jsonPath: [] }, alias: undefined },
      { kind: 'field', field: { name: '*', jsonPath: [] } },
      { kind: 'field', field: { name: 'name', jsonPath: [] }, alias: 'title' },
      { kind: 'field', field: { name: 'age', jsonPath: [] }, alias: undefined, cast: 'text' },
    ]);
  });

  it('reads JSON paths with keys and indexes', () => {
    const [item] = parseSelect('data->a->>b,data->0');
    expect(item).toMatchObject({
      field: {
        name: 'data',
        jsonPath: [
          { arrow: '->', key: 'a', isIndex: false },
          { arrow: '->>', key: 'b', isIndex: false },
        ],
      },
    });
    expect(parseSelect('x:data->0')[0]).toMatchObject({
      alias: 'x',
      field: { jsonPath: [{ key: '0', isIndex: true }] },
    });
  });

  it('reads embeds with hints, join types, spreads and nesting', () => {
    expect(
      parseSelect('*,author:users!posts_author_fkey!inner(id,name),...team(name),tags(*,kind(*))'),
    ).toEqual([
      { kind: 'field', field: { name: '*', jsonPath: [] } },
      {
        kind: 'relation',
        name: 'users',
        alias: 'author',
        hint: 'posts_author_fkey',
        joinType: 'inner',
        spread: false,
        children: [
          { kind: 'field', field: { name: 'id', jsonPath: [] }, alias: undefined },
          { kind: 'field', field: { name: 'name', jsonPath: [] }, alias: undefined },
        ],
      },
      {
        kind: 'relation',
        name: 'team',
        alias: undefined,
        spread: true,
        children: [{ kind: 'field', field: { name: 'name', jsonPath: [] }, alias: undefined }],
      },
      {
        kind: 'relation',
        name: 'tags',
        alias: undefined,
        spread: false,
        children: [
          { kind: 'field', field: { name: '*', jsonPath: [] } },
          {
            kind: 'relation',
            name: 'kind',
            alias: undefined,
            spread: false,
            children: [{ kind: 'field', field: { name: '*', jsonPath: [] } }],
          },
        ],
      },
    ]);
  });

  it('keeps a left join and an empty embed', () => {
    expect(parseSelect('id,rel!left()')[1]).toEqual({
      kind: 'relation',
      name: 'rel',
      alias: undefined,
      joinType: 'left',
      spread: false,
      children: [],
    });
  });

  it('reads quoted names and names with dashes and spaces', () => {
    expect(parseSelect('"a,b",my-col, spaced name ')[0]).toMatchObject({ field: { name: 'a,b' } });
    expect(parseSelect('"a,b",my-col, spaced name ')[1]).toMatchObject({ field: { name: 'my-col' } });
    expect(parseSelect('"a,b",my-col, spaced name ')[2]).toMatchObject({ field: { name: 'spaced name' } });
  });

  it('reads rel(count) as a field named count, and count() as an aggregate', () => {
    expect(parseSelect('cities(count)')[0]).toMatchObject({
      kind: 'relation',
      children: [{ field: { name: 'count' } }],
    });
    expect(parseSelect('count()')[0]).toMatchObject({ aggregate: 'count' });
    expect(parseSelect('amount.sum()')[0]).toMatchObject({ aggregate: 'sum', field: { name: 'amount' } });
  });

  it('refuses absurd nesting with a parse error rather than overflowing the stack', () => {
    expect(() => parseSelect('a('.repeat(5000) + 'x' + ')'.repeat(5000))).toThrow(QueryParseError);
    expect(parseSelect('a('.repeat(10) + 'x' + ')'.repeat(10))).toHaveLength(1);
  });

  it('rejects malformed input with a PostgREST-style message', () => {
    expect(() => parseSelect('id,clients(name')).toThrow(QueryParseError);
    try {
      parseSelect('id,clients(name[])');
    } catch (error) {
      expect((error as QueryParseError).message).toBe(
        '"failed to parse select parameter (id,clients(name[]))" (line 1, column 16)',
      );
      expect((error as QueryParseError).details).toContain('unexpected "["');
    }
  });
});
