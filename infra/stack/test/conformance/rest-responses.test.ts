/**
 * Counting, Content-Range and statuses, HEAD, Range headers, single objects, CSV, stripped nulls,
 * Accept, and the OpenAPI description at the root (with `pgrst.openapi_mode`).
 */
import pg from 'pg';
import { describe, expect, it } from 'vitest';
import { anonClient, restFetch, type RestResponse } from '../helpers/rest.js';
import { stackEnv } from '../helpers/stack-env.js';

/** Sets (or with null resets) `pgrst.openapi_mode` on the authenticator and asks for a reload. */
async function setOpenApiMode(mode: string | null): Promise<void> {
  const db = new pg.Client({ connectionString: stackEnv().dbUrl });
  await db.connect();
  try {
    await db.query(
      mode === null
        ? 'alter role authenticator reset pgrst.openapi_mode'
        : `alter role authenticator set pgrst.openapi_mode to '${mode}'`,
    );
    await db.query(`notify pgrst, 'reload config'`);
  } finally {
    await db.end();
  }
}

/** The reload is asynchronous (NOTIFY): polls the root until its answer shows it happened. */
async function untilRoot(status: number, ok: (body: unknown) => boolean = () => true): Promise<RestResponse> {
  for (let i = 0; i < 50; i++) {
    const response = await restFetch('/');
    if (response.status === status && ok(response.body)) return response;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  throw new Error(`the root never answered ${status} as expected`);
}

describe('rest responses', () => {
  it('counts exactly and reports the range in Content-Range', async () => {
    const { data, count, status } = await anonClient()
      .from('cities')
      .select('id', { count: 'exact' })
      .order('id')
      .range(0, 1);
    expect(count).toBe(6);
    expect(status).toBe(206);
    expect(data).toEqual([{ id: 1 }, { id: 2 }]);
    const raw = await restFetch('/cities?select=id&limit=2&offset=1', { headers: { Prefer: 'count=exact' } });
    expect(raw.headers.get('content-range')).toBe('1-2/6');
    expect(raw.headers.get('preference-applied')).toBe('count=exact');
  });

  it('answers 200 when the page holds every row, and */0 for an empty result', async () => {
    const all = await restFetch('/cities?select=id', { headers: { Prefer: 'count=exact' } });
    expect(all.status).toBe(200);
    expect(all.headers.get('content-range')).toBe('0-5/6');
    const none = await restFetch('/cities?select=id&id=eq.999', { headers: { Prefer: 'count=exact' } });
    expect(none.status).toBe(200);
    expect(none.headers.get('content-range')).toBe('*/0');
    const uncounted = await restFetch('/cities?select=id&limit=2');
    expect(uncounted.headers.get('content-range')).toBe('0-1/*');
    const emptyUncounted = await restFetch('/cities?select=id&id=eq.999');
    expect(emptyUncounted.headers.get('content-range')).toBe('*/*');
  });

  it('answers 416 PGRST103 when the offset is past the total', async () => {
    const { status, body } = await restFetch('/cities?select=id&offset=10', {
      headers: { Prefer: 'count=exact' },
    });
    expect(status).toBe(416);
    expect(body).toEqual({
      code: 'PGRST103',
      message: 'Requested range not satisfiable',
      details: 'An offset of 10 was requested, but there are only 6 rows.',
      hint: null,
    });
  });

  it('returns only the count for head requests', async () => {
    const { data, count, status, error } = await anonClient()
      .from('cities')
      .select('*', { count: 'exact', head: true })
      .gt('population', 1_000_000);
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(4);
    expect(status).toBe(200);
    const raw = await restFetch('/cities?limit=2', { method: 'HEAD', headers: { Prefer: 'count=exact' } });
    expect(raw.status).toBe(206);
    expect(raw.text).toBe('');
    expect(raw.headers.get('content-range')).toBe('0-1/6');
    const inner = await anonClient()
      .from('countries')
      .select('name, cities!inner(name)', { count: 'exact', head: true })
      .eq('cities.name', 'Lyon');
    expect(inner.count).toBe(1);
  });

  it('supports planned and estimated counts', async () => {
    const planned = await anonClient().from('cities').select('id', { count: 'planned' });
    expect(planned.error).toBeNull();
    expect(typeof planned.count).toBe('number');
    const estimated = await anonClient().from('cities').select('id', { count: 'estimated' });
    expect(estimated.count).toBe(6);
  });

  it('honours a Range header from other clients', async () => {
    const { status, body, headers } = await restFetch('/cities?select=id&order=id', {
      headers: { Range: '1-2', 'Range-Unit': 'items' },
    });
    expect(status).toBe(200);
    expect(body).toEqual([{ id: 2 }, { id: 3 }]);
    expect(headers.get('content-range')).toBe('1-2/*');
    const inverted = await restFetch('/cities?select=id', { headers: { Range: '5-1' } });
    expect(inverted.status).toBe(416);
  });

  it('returns one object for single() and PGRST116 for zero or several rows', async () => {
    const one = await anonClient().from('cities').select('name').eq('id', 1).single();
    expect(one.data).toEqual({ name: 'Paris' });
    const none = await anonClient().from('cities').select('name').eq('id', 999).single();
    expect(none.status).toBe(406);
    expect(none.error).toEqual({
      code: 'PGRST116',
      message: 'Cannot coerce the result to a single JSON object',
      details: 'The result contains 0 rows',
      hint: null,
    });
    const many = await anonClient().from('cities').select('name').single();
    expect(many.error?.details).toBe('The result contains 6 rows');
    const raw = await restFetch('/cities?id=eq.1&select=id', {
      headers: { Accept: 'application/vnd.pgrst.object+json' },
    });
    expect(raw.headers.get('content-type')).toBe('application/vnd.pgrst.object+json; charset=utf-8');
  });

  it('supports maybeSingle() for zero, one and several rows', async () => {
    expect((await anonClient().from('cities').select('name').eq('id', 999).maybeSingle()).data).toBeNull();
    expect((await anonClient().from('cities').select('name').eq('id', 2).maybeSingle()).data).toEqual({
      name: 'Lyon',
    });
    const many = await anonClient().from('cities').select('name').maybeSingle();
    expect(many.error?.code).toBe('PGRST116');
  });

  it('returns CSV', async () => {
    const { data, error } = await anonClient()
      .from('cities')
      .select('id, name, tags')
      .in('id', [1, 2])
      .order('id')
      .csv();
    expect(error).toBeNull();
    expect(data).toBe('id,name,tags\n1,Paris,"{capital,river}"\n2,Lyon,{river}');
  });

  it('strips nulls on request', async () => {
    const { data } = await anonClient().from('countries').select('name, code').eq('id', 4).stripNulls();
    expect(data).toEqual([{ name: 'Atlantis' }]);
    const single = await anonClient()
      .from('countries')
      .select('name, code')
      .eq('id', 4)
      .stripNulls()
      .single();
    expect(single.data).toEqual({ name: 'Atlantis' });
  });

  it('answers 406 PGRST107 for an Accept it cannot produce', async () => {
    const { status, body } = await restFetch('/cities', { headers: { Accept: 'text/xml' } });
    expect(status).toBe(406);
    expect(body).toEqual({
      code: 'PGRST107',
      message: 'None of these media types are available: text/xml',
      details: null,
      hint: null,
    });
  });

  it('describes the schema at the root', async () => {
    const { status, body, headers } = await restFetch('/');
    expect(status).toBe(200);
    expect(headers.get('content-type')).toContain('application/openapi+json');
    expect((body as { paths: Record<string, unknown> }).paths['/cities']).toBeDefined();
  });

  // In this file, not its own: the mode is global, and only this file asks for the root.
  it('lists at the root only what the role may use, unless openapi_mode says otherwise', async () => {
    const paths = async (apikey?: string) =>
      Object.keys(((await restFetch('/', { apikey })).body as { paths: Record<string, unknown> }).paths);
    const anon = await paths();
    expect(anon).toContain('/cities');
    expect(anon).toContain('/rpc/add_numbers');
    // No grant to anon on todos, no EXECUTE on signed_in_greeting: not even their names.
    expect(anon).not.toContain('/todos');
    expect(anon).not.toContain('/rpc/signed_in_greeting');
    const service = await paths(stackEnv().serviceRoleKey);
    expect(service).toEqual(expect.arrayContaining(['/todos', '/rpc/signed_in_greeting', '/cities']));
    try {
      await setOpenApiMode('ignore-privileges');
      await untilRoot(200, (body) => JSON.stringify(body).includes('/todos'));
      await setOpenApiMode('disabled');
      const disabled = await untilRoot(404);
      expect(disabled.body).toEqual({
        code: 'PGRST126',
        message: 'Root endpoint metadata is disabled',
        details: null,
        hint: null,
      });
    } finally {
      await setOpenApiMode(null);
    }
    await untilRoot(200, (body) => !JSON.stringify(body).includes('/todos'));
  });

  it('answers 404 PGRST125 for a nested path and 405 PGRST117 for PUT', async () => {
    const nested = await restFetch('/cities/1');
    expect(nested.status).toBe(404);
    expect((nested.body as { code: string }).code).toBe('PGRST125');
    const put = await restFetch('/cities?id=eq.1', {
      method: 'PUT',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(put.status).toBe(405);
  });
});
