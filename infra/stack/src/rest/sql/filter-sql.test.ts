import { describe, expect, it } from 'vitest';
import { parseOpExpr } from '../query-params/filter.js';
import type { Column } from '../schema-cache/types.js';
import { filterSql } from './filter-sql.js';

const text: Column = { name: 'c', type: 'text', baseType: 'text', nullable: true, generated: false };
const vector: Column = { ...text, type: 'tsvector', baseType: 'tsvector' };
const json: Column = { ...text, type: 'json', baseType: 'json' };

function sql(
  value: string,
  column: Column = text,
  field = 'c',
  jsonPath: { arrow: '->' | '->>'; key: string; isIndex: boolean }[] = [],
): string {
  return filterSql('t', { field: { name: field, jsonPath }, expr: parseOpExpr(value) }, column);
}

describe('filterSql', () => {
  it('writes comparison and pattern operators with untyped literals', () => {
    expect(sql('eq.5')).toBe(`"t"."c" = '5'`);
    expect(sql('neq.5')).toBe(`"t"."c" <> '5'`);
    expect(sql('lte.5')).toBe(`"t"."c" <= '5'`);
    expect(sql('like.*a%b*')).toBe(`"t"."c" LIKE '%a%b%'`);
    expect(sql('ilike(any).{a*,b*}')).toBe(`"t"."c" ILIKE ANY('{a%,b%}')`);
    expect(sql('match.^a')).toBe(`"t"."c" ~ '^a'`);
    expect(sql('imatch.^a')).toBe(`"t"."c" ~* '^a'`);
  });

  it('writes is, isdistinct, in and negation', () => {
    expect(sql('is.null')).toBe(`"t"."c" IS NULL`);
    expect(sql('not.is.not_null')).toBe(`NOT ("t"."c" IS NOT NULL)`);
    expect(sql('isdistinct.x')).toBe(`"t"."c" IS DISTINCT FROM 'x'`);
    expect(sql('in.(a,"b,c",d"e)')).toBe(`"t"."c" = ANY(E'{"a","b,c","d\\\\"e"}')`);
    expect(sql('in.()')).toBe(`"t"."c" = ANY('{}')`);
  });

  it('writes containment, overlap and range operators', () => {
    expect(sql('cs.{a,b}')).toBe(`"t"."c" @> '{a,b}'`);
    expect(sql('cd.{"k":1}')).toBe(`"t"."c" <@ '{"k":1}'`);
    expect(sql('ov.[1,2)')).toBe(`"t"."c" && '[1,2)'`);
    expect(sql('sl.[1,2)')).toBe(`"t"."c" << '[1,2)'`);
    expect(sql('sr.[1,2)')).toBe(`"t"."c" >> '[1,2)'`);
    expect(sql('nxl.[1,2)')).toBe(`"t"."c" &> '[1,2)'`);
    expect(sql('nxr.[1,2)')).toBe(`"t"."c" &< '[1,2)'`);
    expect(sql('adj.[1,2)')).toBe(`"t"."c" -|- '[1,2)'`);
  });

  it('searches tsvector columns directly and wraps other columns in to_tsvector', () => {
    expect(sql('fts.cat', vector)).toBe(`"t"."c" @@ to_tsquery('cat')`);
    expect(sql('plfts(english).fat cat', text)).toBe(
      `to_tsvector('english', "t"."c") @@ plainto_tsquery('english', 'fat cat')`,
    );
    expect(sql('phfts.a b', vector)).toBe(`"t"."c" @@ phraseto_tsquery('a b')`);
    expect(sql('wfts(simple).a -b', vector)).toBe(`"t"."c" @@ websearch_to_tsquery('simple', 'a -b')`);
  });

  it('reads json columns as jsonb under a path so they can be compared', () => {
    expect(sql('eq.1', json, 'c', [{ arrow: '->', key: 'k', isIndex: false }])).toBe(
      `to_jsonb("t"."c")->'k' = '1'`,
    );
    expect(sql('eq.x', text, 'c', [{ arrow: '->>', key: '0', isIndex: true }])).toBe(
      `"t"."c"->>'0'::int = 'x'`,
    );
  });

  it('keeps injected SQL inside the literal', () => {
    expect(sql(`eq.1');drop table x;--`)).toBe(`"t"."c" = '1'');drop table x;--'`);
    expect(sql('eq.a\\b')).toBe(`"t"."c" = E'a\\\\b'`);
  });
});
