import { describe, expect, it } from 'vitest';
import { parseFormQuery } from './form-query.js';
import { parseRequestQuery } from './request-query.js';

describe('parseFormQuery', () => {
  it('decodes + as space, percent escapes, and keeps repeated keys', () => {
    expect(parseFormQuery('?a=x+y&a=%28b%29&c&d=%ZZ')).toEqual([
      ['a', 'x y'],
      ['a', '(b)'],
      ['c', undefined],
      ['d', '%ZZ'],
    ]);
  });
});

describe('parseRequestQuery', () => {
  it('sorts parameters into filters, embedded filters, logic, order and ranges', () => {
    const q = parseRequestQuery(
      parseFormQuery(
        'select=id,posts(id)&id=gt.1&id=lt.9&posts.title=like.*x*&or=(a.eq.1,b.eq.2)&posts.order=id.desc&limit=5&offset=10&posts.limit=2',
      ),
      { isRpcRead: false },
    );
    expect(q.defaultSelect).toBe(false);
    expect(q.filters.map((f) => [f.path, f.filter.field.name])).toEqual([
      [[], 'id'],
      [[], 'id'],
      [['posts'], 'title'],
    ]);
    expect(q.logic).toHaveLength(1);
    expect(q.order[0]!.path).toEqual(['posts']);
    expect(q.ranges.get('')).toEqual({ offset: 10, limit: 5 });
    expect(q.ranges.get('posts')).toEqual({ offset: 0, limit: 2 });
  });

  it('reads columns and on_conflict lists with quoted names', () => {
    const q = parseRequestQuery(parseFormQuery('columns=%22a%22,%22b%22&on_conflict=a,b'), {
      isRpcRead: false,
    });
    expect(q.columns).toEqual(['a', 'b']);
    expect(q.onConflict).toEqual(['a', 'b']);
  });

  it('treats non-operator values as arguments for function reads', () => {
    const q = parseRequestQuery(parseFormQuery('x=5&name=eq.bob'), { isRpcRead: true });
    expect(q.rpcArgs).toEqual([['x', '5']]);
    expect(q.filters).toHaveLength(1);
  });

  it('defaults select to *', () => {
    expect(parseRequestQuery([], { isRpcRead: false }).select).toEqual([
      { kind: 'field', field: { name: '*', jsonPath: [] } },
    ]);
  });
});
