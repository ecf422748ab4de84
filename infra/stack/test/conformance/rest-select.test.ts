/** REST reads through supabase-js: columns, aliases, casts, JSON paths, and every kind of embed. */
import { describe, expect, it } from 'vitest';
import { anonClient, restFetch } from '../helpers/rest.js';

describe('rest select', () => {
  it('selects columns with aliases, casts and JSON paths', async () => {
    const { data, error, status } = await anonClient()
      .from('cities')
      .select('id, town:name, population::text, rank:meta->rank, text_rank:meta->>rank, meta->mayor->>name')
      .eq('id', 1);
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toEqual([
      { id: 1, town: 'Paris', population: '2100000', rank: 1, text_rank: '1', name: 'Anne' },
    ]);
  });

  it('returns every column for *', async () => {
    const { data } = await anonClient().from('countries').select('*').eq('id', 1).single();
    expect(Object.keys(data as object).sort()).toEqual(['code', 'created_at', 'id', 'name']);
  });

  it('embeds many-to-one as an object and null when there is no parent', async () => {
    const { data, error } = await anonClient()
      .from('cities')
      .select('name, countries(name)')
      .in('id', [1, 6])
      .order('id');
    expect(error).toBeNull();
    expect(data).toEqual([
      { name: 'Paris', countries: { name: 'France' } },
      { name: 'Nowhere', countries: null },
    ]);
  });

  it('embeds one-to-many as an array, empty when there are no children', async () => {
    const { data } = await anonClient()
      .from('countries')
      .select('name, cities(name)')
      .in('id', [2, 4])
      .order('id')
      .order('name', { referencedTable: 'cities' });
    expect(data).toEqual([
      { name: 'Japan', cities: [{ name: 'Osaka' }, { name: 'Tokyo' }] },
      { name: 'Atlantis', cities: [] },
    ]);
  });

  it('embeds one-to-one as an object from both sides', async () => {
    const fromCountry = await anonClient()
      .from('countries')
      .select('name, capitals(city_id)')
      .eq('id', 1)
      .single();
    expect(fromCountry.data).toEqual({ name: 'France', capitals: { city_id: 1 } });
    const fromCapital = await anonClient()
      .from('capitals')
      .select('countries(name)')
      .eq('country_id', 3)
      .single();
    expect(fromCapital.data).toEqual({ countries: { name: 'Peru' } });
  });

  it('embeds many-to-many through the junction table', async () => {
    const { data } = await anonClient()
      .from('films')
      .select('title, actors(name)')
      .order('id')
      .order('name', { referencedTable: 'actors' });
    expect(data).toEqual([
      { title: 'Alpha', actors: [{ name: 'Ann' }, { name: 'Bob' }] },
      { title: 'Beta', actors: [{ name: 'Bob' }, { name: 'Cy' }] },
      { title: 'Gamma', actors: [] },
    ]);
  });

  it('nests embeds', async () => {
    const { data } = await anonClient()
      .from('countries')
      .select('name, capitals(cities(name, countries(code)))')
      .eq('id', 2)
      .single();
    expect(data).toEqual({
      name: 'Japan',
      capitals: { cities: { name: 'Tokyo', countries: { code: 'JP' } } },
    });
  });

  it('disambiguates with a constraint name or a column hint', async () => {
    const { data } = await anonClient()
      .from('messages')
      .select('body, sender:people!messages_sender_id_fkey(name), receiver:people!receiver_id(name)')
      .eq('id', 1)
      .single();
    expect(data).toEqual({ body: 'hello Brian', sender: { name: 'Ada' }, receiver: { name: 'Brian' } });
  });

  it('embeds a self reference in both directions', async () => {
    const { data } = await anonClient()
      .from('employees')
      .select('name, manager:manager_id(name), employees(name)')
      .eq('id', 2)
      .single();
    expect(data).toEqual({ name: 'Mid', manager: { name: 'Boss' }, employees: [{ name: 'Junior' }] });
  });

  it('answers 300 PGRST201 for an ambiguous embed, listing the candidates', async () => {
    const { error, status } = await anonClient().from('messages').select('*, people(*)');
    expect(status).toBe(300);
    expect(error?.code).toBe('PGRST201');
    expect(error?.message).toBe(
      "Could not embed because more than one relationship was found for 'messages' and 'people'",
    );
    expect(error?.hint).toContain("'people!messages_sender_id_fkey'");
    expect(error?.details).toHaveLength(2);
  });

  it('answers 400 PGRST200 for an unknown relationship, with a suggestion', async () => {
    const { error, status } = await anonClient().from('countries').select('name, citie(name)');
    expect(status).toBe(400);
    expect(error?.code).toBe('PGRST200');
    expect(error?.message).toBe(
      "Could not find a relationship between 'countries' and 'citie' in the schema cache",
    );
    expect(error?.hint).toBe("Perhaps you meant 'cities' instead of 'citie'.");
  });

  it('filters parents with !inner and keeps them with a plain embed', async () => {
    const inner = await anonClient()
      .from('countries')
      .select('name, cities!inner(name)')
      .eq('cities.name', 'Lyon');
    expect(inner.data).toEqual([{ name: 'France', cities: [{ name: 'Lyon' }] }]);
    const left = await anonClient()
      .from('countries')
      .select('name, cities!left(name)')
      .eq('cities.name', 'Lyon')
      .order('id');
    expect(left.data).toEqual([
      { name: 'France', cities: [{ name: 'Lyon' }] },
      { name: 'Japan', cities: [] },
      { name: 'Peru', cities: [] },
      { name: 'Atlantis', cities: [] },
    ]);
  });

  it('filters parents by whether an embed exists (is null / not is null)', async () => {
    const without = await anonClient().from('countries').select('name, cities(name)').is('cities', null);
    expect(without.data).toEqual([{ name: 'Atlantis', cities: [] }]);
    const withCapital = await anonClient()
      .from('countries')
      .select('name, capitals(city_id)')
      .not('capitals', 'is', null)
      .order('id');
    expect(withCapital.data?.map((c) => c.name)).toEqual(['France', 'Japan', 'Peru']);
  });

  it('applies filters, order, limit, offset and or inside an embed', async () => {
    const { data } = await anonClient()
      .from('countries')
      .select('name, cities(name)')
      .eq('id', 1)
      .or('name.eq.Paris,name.eq.Lyon', { referencedTable: 'cities' })
      .order('name', { referencedTable: 'cities', ascending: false })
      .range(1, 1, { referencedTable: 'cities' })
      .single();
    expect(data).toEqual({ name: 'France', cities: [{ name: 'Lyon' }] });
  });

  it('spreads a to-one embed into the parent', async () => {
    const { data } = await anonClient()
      .from('cities')
      .select('name, ...countries(country:name, code)')
      .eq('id', 3)
      .single();
    expect(data).toEqual({ name: 'Tokyo', country: 'Japan', code: 'JP' });
  });

  it('spreads a to-many embed into arrays', async () => {
    const { data } = await anonClient()
      .from('films')
      .select('title, ...film_actors(character)')
      .eq('id', 1)
      .single();
    expect(data?.title).toBe('Alpha');
    expect([...(data?.character as string[])].sort()).toEqual(['Hero', 'Villain']);
  });

  it('counts related rows with rel(count)', async () => {
    const { data } = await anonClient().from('countries').select('name, cities(count)').order('id');
    expect(data).toEqual([
      { name: 'France', cities: [{ count: 2 }] },
      { name: 'Japan', cities: [{ count: 2 }] },
      { name: 'Peru', cities: [{ count: 1 }] },
      { name: 'Atlantis', cities: [{ count: 0 }] },
    ]);
  });

  it('orders by a column of a to-one embed', async () => {
    const { data } = await anonClient()
      .from('cities')
      .select('name, countries(name)')
      .not('country_id', 'is', null)
      .order('countries(name)', { ascending: false })
      .order('name')
      .limit(3);
    expect(data?.map((c) => c.name)).toEqual(['Lima', 'Osaka', 'Tokyo']);
  });

  it('refuses ordering by a to-many embed (PGRST118) and filters on an embed not selected (PGRST108)', async () => {
    const order = await restFetch('/countries?select=name,cities(name)&order=cities(name)');
    expect(order.status).toBe(400);
    expect((order.body as { code: string }).code).toBe('PGRST118');
    const notSelected = await anonClient().from('countries').select('name').eq('cities.name', 'Lyon');
    expect(notSelected.status).toBe(400);
    expect(notSelected.error?.code).toBe('PGRST108');
    expect(notSelected.error?.message).toBe("'cities' is not an embedded resource in this request");
  });

  it('refuses operators other than is null on an embed (PGRST120)', async () => {
    const { status, body } = await restFetch('/countries?select=name,cities(name)&cities=eq.1');
    expect(status).toBe(400);
    expect((body as { code: string }).code).toBe('PGRST120');
  });

  it('answers 404 PGRST205 for an unknown table, with a close name as hint', async () => {
    const { error, status } = await anonClient().from('countrie').select('*');
    expect(status).toBe(404);
    expect(error?.code).toBe('PGRST205');
    expect(error?.message).toBe("Could not find the table 'public.countrie' in the schema cache");
    expect(error?.hint).toBe("Perhaps you meant the table 'public.countries'");
    const far = await anonClient().from('zzz_nothing_like_it').select('*');
    expect(far.status).toBe(404);
    expect(far.error?.hint).toBeNull();
  });

  it('answers 400 42703 for an unknown column', async () => {
    const { error, status } = await anonClient().from('cities').select('nope');
    expect(status).toBe(400);
    expect(error?.code).toBe('42703');
  });

  it('reads a view', async () => {
    const { data } = await anonClient()
      .from('big_cities')
      .select('name')
      .order('population', { ascending: false })
      .limit(2);
    expect(data).toEqual([{ name: 'Tokyo' }, { name: 'Lima' }]);
  });

  it('answers 400 PGRST100 for a malformed select', async () => {
    const { status, body } = await restFetch('/cities?select=id,countries(name');
    expect(status).toBe(400);
    expect(body).toMatchObject({
      code: 'PGRST100',
      message: expect.stringContaining('failed to parse select parameter'),
    });
  });

  it('uses another exposed schema through Accept-Profile and names it in Content-Profile', async () => {
    const { data, error } = await anonClient().schema('fixture_private_api').from('flags').select('name');
    expect(error).toBeNull();
    expect(data).toEqual([{ name: 'beta' }]);
    const raw = await restFetch('/flags', { headers: { 'Accept-Profile': 'fixture_private_api' } });
    expect(raw.headers.get('content-profile')).toBe('fixture_private_api');
    const unknown = await anonClient().schema('not_exposed').from('flags').select('*');
    expect(unknown.status).toBe(406);
    expect(unknown.error).toMatchObject({
      code: 'PGRST106',
      message: 'Invalid schema: not_exposed',
      hint: 'Only the following schemas are exposed: public, graphql_public, fixture_private_api',
    });
  });
});

describe('rest select through views', () => {
  it('embeds through foreign keys of the view’s base table, in both directions', async () => {
    const fromView = await anonClient()
      .from('big_cities')
      .select('name, countries(code)')
      .eq('name', 'Lima')
      .single();
    expect(fromView.data).toEqual({ name: 'Lima', countries: { code: 'PE' } });
    const toView = await anonClient()
      .from('countries')
      .select('name, big_cities(name)')
      .eq('id', 2)
      .order('name', { referencedTable: 'big_cities' })
      .single();
    expect(toView.data).toEqual({ name: 'Japan', big_cities: [{ name: 'Osaka' }, { name: 'Tokyo' }] });
  });

  it('refuses a cast of several words that is not a type name, before any SQL (issue 36)', async () => {
    const words = await restFetch('/cities?select=id,name::text%20union%20select&id=eq.1');
    expect(words.status).toBe(400);
    expect(words.body).toMatchObject({
      code: 'PGRST100',
      message: '"failed to parse cast (text union select)"',
    });
    const typeName = await restFetch('/cities?select=population::double%20precision&id=eq.1');
    expect(typeName.status).toBe(200);
    expect(typeName.body).toEqual([{ population: 2100000 }]);
    // One unknown word is Postgres's own answer.
    const unknown = await restFetch('/cities?select=name::nosuchtype&id=eq.1');
    expect(unknown.status).toBe(400);
    expect((unknown.body as { code: string }).code).toBe('42704');
  });

  it('refuses a limit or offset that is not a whole number with 400 (issue 36)', async () => {
    for (const query of ['limit=abc', 'limit=1abc', 'limit=1.5', 'offset=x', 'cities.limit=two']) {
      const { status, body } = await restFetch(`/countries?select=name,cities(name)&${query}`);
      expect(status, query).toBe(400);
      expect((body as { code: string }).code, query).toBe('PGRST100');
    }
    expect((await restFetch('/countries?select=name&limit=2&offset=1')).status).toBe(200);
  });
});
