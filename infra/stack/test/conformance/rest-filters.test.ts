/** Every filter operator supabase-js can send, plus PostgREST's quoting and logic-tree rules. */
import { describe, expect, it } from 'vitest';
import { anonClient, restFetch } from '../helpers/rest.js';

const cities = () => anonClient().from('cities').select('id');

async function ids(query: PromiseLike<{ data: { id: number }[] | null; error: unknown }>): Promise<number[]> {
  const { data, error } = await query;
  expect(error).toBeNull();
  return (data ?? []).map((r) => r.id).sort((a, b) => a - b);
}

describe('rest filters', () => {
  it('compares with eq, neq, gt, gte, lt, lte', async () => {
    expect(await ids(cities().eq('name', 'Lyon'))).toEqual([2]);
    expect(await ids(cities().neq('country_id', 1))).toEqual([3, 4, 5]);
    expect(await ids(cities().gt('population', 9_700_000))).toEqual([3]);
    expect(await ids(cities().gte('population', 9_700_000))).toEqual([3, 5]);
    expect(await ids(cities().lt('population', 2_100_000))).toEqual([2]);
    expect(await ids(cities().lte('population', 2_100_000))).toEqual([1, 2]);
  });

  it('matches patterns with like and ilike, * standing for %', async () => {
    expect(await ids(cities().like('name', 'L%'))).toEqual([2, 5]);
    expect(await ids(cities().like('name', '*yo*'))).toEqual([2, 3]);
    expect(await ids(cities().ilike('name', 'p*'))).toEqual([1]);
    expect(await ids(cities().likeAnyOf('name', ['Par*', 'Lim*']))).toEqual([1, 5]);
    expect(await ids(cities().likeAllOf('name', ['%o%', '%k%']))).toEqual([3]);
    expect(await ids(cities().ilikeAnyOf('name', ['par*', 'OSA*']))).toEqual([1, 4]);
    expect(await ids(cities().ilikeAllOf('name', ['%O%', '%A%']))).toEqual([4]);
  });

  it('matches regular expressions', async () => {
    expect(await ids(cities().match({ country_id: 2 }))).toEqual([3, 4]);
    expect(await ids(cities().regexMatch('name', '^[LP]'))).toEqual([1, 2, 5]);
    expect(await ids(cities().regexIMatch('name', '^t'))).toEqual([3]);
  });

  it('tests null and booleans with is, and distinctness', async () => {
    expect(await ids(cities().is('country_id', null))).toEqual([6]);
    expect(await ids(cities().not('country_id', 'is', null).eq('country_id', 3))).toEqual([5]);
    expect(await ids(cities().isDistinct('country_id', 1))).toEqual([3, 4, 5, 6]);
    const notes = await anonClient().from('notes').select('id').is('is_public', true);
    expect(notes.data).toEqual([{ id: 1 }]);
  });

  it('filters with in and not in, including values with commas and quotes', async () => {
    expect(await ids(cities().in('name', ['Paris', 'Lima', 'Atlantis']))).toEqual([1, 5]);
    expect(await ids(cities().not('name', 'in', '(Paris,Lyon,Nowhere)'))).toEqual([3, 4, 5]);
    expect(await ids(cities().in('name', ['a,b', 'x(y)', 'q"r']))).toEqual([]);
    expect(await ids(cities().in('id', []))).toEqual([]);
  });

  it('uses array and jsonb containment and overlap', async () => {
    expect(await ids(cities().contains('tags', ['capital']))).toEqual([1, 3, 5]);
    expect(await ids(cities().contains('tags', ['capital', 'coast']))).toEqual([5]);
    expect(await ids(cities().containedBy('tags', ['river', 'capital', 'port']))).toEqual([1, 2, 3, 4, 6]);
    expect(await ids(cities().overlaps('tags', ['port', 'coast']))).toEqual([4, 5]);
    expect(await ids(cities().contains('meta', { mayor: { name: 'Anne' } }))).toEqual([1]);
    expect(await ids(cities().containedBy('meta', { rank: 2, extra: true }))).toEqual([2]);
  });

  it('compares ranges', async () => {
    const db = anonClient();
    const rows = [
      { name: 'range-a', during: '[1,5)' },
      { name: 'range-b', during: '[10,20)' },
    ];
    const inserted = await db.from('items').insert(rows).select('id, name');
    expect(inserted.error).toBeNull();
    const idsByName = new Map((inserted.data ?? []).map((r) => [r.name as string, r.id as number]));
    const mine = () =>
      db
        .from('items')
        .select('name')
        .in('id', [...idsByName.values()])
        .order('name');
    expect((await mine().rangeGt('during', '[5,8)')).data).toEqual([{ name: 'range-b' }]);
    expect((await mine().rangeLt('during', '[5,8)')).data).toEqual([{ name: 'range-a' }]);
    expect((await mine().rangeGte('during', '[3,8)')).data).toEqual([{ name: 'range-b' }]);
    expect((await mine().rangeLte('during', '[3,8)')).data).toEqual([{ name: 'range-a' }]);
    expect((await mine().rangeAdjacent('during', '[5,10)')).data).toEqual([
      { name: 'range-a' },
      { name: 'range-b' },
    ]);
    expect((await mine().overlaps('during', '[4,11)')).data).toEqual([
      { name: 'range-a' },
      { name: 'range-b' },
    ]);
    await db
      .from('items')
      .delete()
      .in('id', [...idsByName.values()]);
  });

  it('searches text with fts, plfts, phfts and wfts, on tsvector and plain columns', async () => {
    const articles = () => anonClient().from('articles').select('id');
    expect(await ids(articles().textSearch('search', 'cat & mat'))).toEqual([1]);
    expect(await ids(articles().textSearch('search', 'fat cat', { type: 'plain' }))).toEqual([1]);
    expect(
      await ids(articles().textSearch('body', 'fat fish', { type: 'phrase', config: 'english' })),
    ).toEqual([3]);
    expect(
      await ids(articles().textSearch('body', 'fat -cat', { type: 'websearch', config: 'english' })),
    ).toEqual([3]);
    expect(await ids(articles().textSearch('body', "'river'", { config: 'english' }))).toEqual([2]);
  });

  it('combines filters with or, nested and, and not', async () => {
    expect(await ids(cities().or('name.eq.Lyon,and(population.gt.10000000,name.like.T*)'))).toEqual([2, 3]);
    expect(await ids(cities().or('id.in.(1,2),tags.cs.{port}'))).toEqual([1, 2, 4]);
    expect(await ids(cities().not('name', 'eq', 'Paris').lt('id', 4))).toEqual([2, 3]);
    const notAnd = await restFetch(
      '/cities?select=id&not.and=(country_id.eq.1,population.gt.1000000)&id=lte.3',
    );
    expect((notAnd.body as { id: number }[]).map((r) => r.id)).toEqual([2, 3]);
    const notOr = await restFetch('/cities?select=id&not.or=(country_id.eq.1,country_id.is.null)');
    expect((notOr.body as { id: number }[]).map((r) => r.id).sort()).toEqual([3, 4, 5]);
    expect(await ids(cities().or('name.eq."Par,is",name.eq.Lima'))).toEqual([5]);
    expect(await ids(cities().or('meta->>rank.eq.2,name.eq.Lima'))).toEqual([2, 5]);
  });

  it('ANDs repeated keys and decodes + as a space', async () => {
    const repeated = await restFetch('/cities?select=id&id=gt.1&id=lt.4&order=id');
    expect(repeated.body).toEqual([{ id: 2 }, { id: 3 }]);
    const spaced = await restFetch('/articles?select=id&title=eq.Cats+and+dogs');
    expect(spaced.body).toEqual([{ id: 1 }]);
  });

  it('filters on JSON paths', async () => {
    expect(await ids(cities().eq('meta->>rank', '1'))).toEqual([1, 3, 5]);
    expect(await ids(cities().eq('meta->mayor->>name', 'Anne'))).toEqual([1]);
    expect(await ids(cities().gt('meta->rank', 1))).toEqual([2]);
  });

  it('orders with directions and null placement, and pages with range', async () => {
    const byPopulation = await anonClient()
      .from('cities')
      .select('id')
      .order('population', { ascending: false, nullsFirst: true });
    expect(byPopulation.data?.map((r) => r.id)).toEqual([6, 3, 5, 4, 1, 2]);
    const lastNulls = await anonClient()
      .from('cities')
      .select('id')
      .order('population', { ascending: true, nullsFirst: false });
    expect(lastNulls.data?.map((r) => r.id)).toEqual([2, 1, 4, 5, 3, 6]);
    const multi = await anonClient()
      .from('cities')
      .select('id')
      .order('country_id')
      .order('name', { ascending: false })
      .range(0, 2);
    expect(multi.data?.map((r) => r.id)).toEqual([1, 2, 3]);
    const page = await anonClient().from('cities').select('id').order('id').range(2, 3);
    expect(page.data?.map((r) => r.id)).toEqual([3, 4]);
  });

  it('treats a SQL fragment in a filter value as a plain value and changes nothing', async () => {
    const attack = await restFetch(
      `/cities?select=id&name=eq.${encodeURIComponent('1);drop table cities;--')}`,
    );
    expect(attack.status).toBe(200);
    expect(attack.body).toEqual([]);
    const quoteAttack = await restFetch(
      `/cities?select=id&id=eq.${encodeURIComponent("1');delete from cities;--")}`,
    );
    expect(quoteAttack.status).toBe(400);
    expect((quoteAttack.body as { code: string }).code).toBe('22P02');
    const inAttack = await restFetch(
      `/cities?select=id&name=in.(${encodeURIComponent('"x\\"); drop table cities; --"')})`,
    );
    expect(inAttack.status).toBe(200);
    const count = await anonClient().from('cities').select('*', { count: 'exact', head: true });
    expect(count.count).toBe(6);
  });

  it('answers 400 PGRST100 with a clear message for bad filter syntax', async () => {
    const unknownOp = await restFetch('/cities?id=zz.1');
    expect(unknownOp.status).toBe(400);
    expect(unknownOp.body).toEqual({
      code: 'PGRST100',
      message: '"failed to parse filter (zz.1)" (line 1, column 1)',
      details: 'unexpected "z" expecting "not" or operator (eq, gt, ...)',
      hint: null,
    });
    const badLogic = await restFetch('/cities?or=(id.eq.1');
    expect(badLogic.status).toBe(400);
    expect((badLogic.body as { code: string; message: string }).message).toContain(
      'failed to parse logic tree',
    );
    const badOrder = await restFetch('/cities?order=id.sideways');
    expect(badOrder.status).toBe(400);
    expect((badOrder.body as { code: string }).code).toBe('PGRST100');
    const badValue = await anonClient().from('cities').select('id').eq('population', 'many');
    expect(badValue.status).toBe(400);
    expect(badValue.error?.code).toBe('22P02');
  });
});
