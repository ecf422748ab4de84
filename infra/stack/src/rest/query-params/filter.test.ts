import { describe, expect, it } from 'vitest';
import { QueryParseError } from './cursor.js';
import { parseOpExpr } from './filter.js';
import { parseLogicTree } from './logic.js';
import { parseOrder } from './order.js';

describe('parseOpExpr', () => {
  it('reads comparison operators and keeps the rest of the value verbatim', () => {
    expect(parseOpExpr('eq.a.b,c')).toEqual({
      negated: false,
      operation: { kind: 'quant', op: 'eq', quantifier: undefined, value: 'a.b,c' },
    });
    expect(parseOpExpr('not.gte.5')).toEqual({
      negated: true,
      operation: { kind: 'quant', op: 'gte', quantifier: undefined, value: '5' },
    });
    expect(parseOpExpr('neq.x').operation).toEqual({ kind: 'simple', op: 'neq', value: 'x' });
  });

  it('reads quantified like, in lists, is, isdistinct and full-text search', () => {
    expect(parseOpExpr('like(any).{a*,b*}').operation).toEqual({
      kind: 'quant',
      op: 'like',
      quantifier: 'any',
      value: '{a*,b*}',
    });
    expect(parseOpExpr('in.(1,"a,b", c ,"q\\"x")').operation).toEqual({
      kind: 'in',
      values: ['1', 'a,b', ' c ', 'q"x'],
    });
    expect(parseOpExpr('in.()').operation).toEqual({ kind: 'in', values: [''] });
    expect(parseOpExpr('is.NULL').operation).toEqual({ kind: 'is', value: 'null' });
    expect(parseOpExpr('isdistinct.3').operation).toEqual({ kind: 'isdistinct', value: '3' });
    expect(parseOpExpr('wfts(english).fat cat').operation).toEqual({
      kind: 'fts',
      op: 'wfts',
      language: 'english',
      value: 'fat cat',
    });
    expect(parseOpExpr('fts.cat').operation).toEqual({
      kind: 'fts',
      op: 'fts',
      language: undefined,
      value: 'cat',
    });
  });

  it('treats SQL in a value as plain text', () => {
    expect(parseOpExpr('eq.1);drop table x;--').operation).toEqual({
      kind: 'quant',
      op: 'eq',
      quantifier: undefined,
      value: '1);drop table x;--',
    });
  });

  it('rejects unknown operators', () => {
    expect(() => parseOpExpr('noop.0')).toThrow(QueryParseError);
    try {
      parseOpExpr('noop.0');
    } catch (error) {
      expect((error as QueryParseError).message).toBe('"failed to parse filter (noop.0)" (line 1, column 1)');
    }
    expect(() => parseOpExpr('eq5')).toThrow(QueryParseError);
    expect(() => parseOpExpr('is.maybe')).toThrow(QueryParseError);
  });
});

describe('parseLogicTree', () => {
  it('reads nested and/or with negation, lists, arrays and quoted values', () => {
    const tree = parseLogicTree('or', '(a.eq.1,not.and(b.in.(1,2),c.cs.{x,y}),d.eq."p,q",e->>f.is.null)');
    expect(tree).toEqual({
      kind: 'expr',
      negated: false,
      operator: 'or',
      children: [
        {
          kind: 'filter',
          filter: {
            field: { name: 'a', jsonPath: [] },
            expr: {
              negated: false,
              operation: { kind: 'quant', op: 'eq', quantifier: undefined, value: '1' },
            },
          },
        },
        {
          kind: 'expr',
          negated: true,
          operator: 'and',
          children: [
            {
              kind: 'filter',
              filter: {
                field: { name: 'b', jsonPath: [] },
                expr: { negated: false, operation: { kind: 'in', values: ['1', '2'] } },
              },
            },
            {
              kind: 'filter',
              filter: {
                field: { name: 'c', jsonPath: [] },
                expr: { negated: false, operation: { kind: 'simple', op: 'cs', value: '{x,y}' } },
              },
            },
          ],
        },
        {
          kind: 'filter',
          filter: {
            field: { name: 'd', jsonPath: [] },
            expr: {
              negated: false,
              operation: { kind: 'quant', op: 'eq', quantifier: undefined, value: 'p,q' },
            },
          },
        },
        {
          kind: 'filter',
          filter: {
            field: { name: 'e', jsonPath: [{ arrow: '->>', key: 'f', isIndex: false }] },
            expr: { negated: false, operation: { kind: 'is', value: 'null' } },
          },
        },
      ],
    });
  });

  it('refuses absurd nesting', () => {
    expect(() => parseLogicTree('or', '(' + 'and('.repeat(3000) + 'a.eq.1' + ')'.repeat(3001))).toThrow(
      QueryParseError,
    );
  });

  it('supports not.or keys', () => {
    expect(parseLogicTree('not.or', '(a.eq.1,b.eq.2)')).toMatchObject({ negated: true, operator: 'or' });
  });

  it('rejects unbalanced or unknown input', () => {
    expect(() => parseLogicTree('or', '(a.eq.1')).toThrow(QueryParseError);
    expect(() => parseLogicTree('or', 'a.eq.1')).toThrow(QueryParseError);
    expect(() => parseLogicTree('or', '(a.zz.1)')).toThrow(QueryParseError);
  });
});

describe('parseOrder', () => {
  it('reads directions, nulls placement and related columns', () => {
    expect(parseOrder('a.desc.nullslast,b,c->>d.asc,author(name).desc')).toEqual([
      { field: { name: 'a', jsonPath: [] }, direction: 'desc', nulls: 'last' },
      { field: { name: 'b', jsonPath: [] } },
      { field: { name: 'c', jsonPath: [{ arrow: '->>', key: 'd', isIndex: false }] }, direction: 'asc' },
      { relation: 'author', field: { name: 'name', jsonPath: [] }, direction: 'desc' },
    ]);
  });

  it('rejects an unknown direction', () => {
    expect(() => parseOrder('a.sideways')).toThrow(QueryParseError);
  });
});
