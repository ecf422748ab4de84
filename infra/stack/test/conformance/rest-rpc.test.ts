/** Functions through supabase-js rpc(): result shapes, arguments, overloads, errors, read-only GET. */
import { describe, expect, it } from 'vitest';
import { anonClient, restFetch, uniqueName } from '../helpers/rest.js';

describe('rest rpc', () => {
  it('returns a scalar', async () => {
    const { data, error, status } = await anonClient().rpc('add_numbers', { a: 2, b: 3 });
    expect(error).toBeNull();
    expect(status).toBe(200);
    expect(data).toBe(5);
  });

  it('uses parameter defaults for omitted arguments', async () => {
    expect((await anonClient().rpc('greet')).data).toBe('hello world');
    expect((await anonClient().rpc('greet', { name: 'Ada' })).data).toBe('hello Ada');
  });

  it('returns a set of rows that filters, select, order and limit apply to', async () => {
    const { data } = await anonClient()
      .rpc('cities_in', { country: 'Japan' })
      .select('name')
      .order('name', { ascending: false });
    expect(data).toEqual([{ name: 'Tokyo' }, { name: 'Osaka' }]);
    const filtered = await anonClient()
      .rpc('cities_in', { country: 'France' })
      .select('id')
      .eq('name', 'Lyon');
    expect(filtered.data).toEqual([{ id: 2 }]);
    const limited = await anonClient()
      .rpc('cities_in', { country: 'France' })
      .select('name')
      .order('id')
      .limit(1);
    expect(limited.data).toEqual([{ name: 'Paris' }]);
  });

  it('embeds relationships of the table a function returns', async () => {
    const { data } = await anonClient().rpc('cities_in', { country: 'Peru' }).select('name, countries(code)');
    expect(data).toEqual([{ name: 'Lima', countries: { code: 'PE' } }]);
  });

  it('returns one composite value as an object and a table as an array', async () => {
    const one = await anonClient().rpc('city_by_id', { city_id: 3 });
    expect(one.data).toMatchObject({ id: 3, name: 'Tokyo', country_id: 2 });
    const table = await anonClient().rpc('country_city_counts');
    expect(table.data).toEqual([
      { country: 'Atlantis', cities: 0 },
      { country: 'France', cities: 2 },
      { country: 'Japan', cities: 2 },
      { country: 'Peru', cities: 1 },
    ]);
  });

  it('returns a set of scalars as an array', async () => {
    expect((await anonClient().rpc('numbers_up_to', { n: 3 })).data).toEqual([1, 2, 3]);
  });

  it('answers 204 for a void function and commits its writes', async () => {
    const kind = uniqueName('rpc-void');
    const { data, status, error } = await anonClient().rpc('log_event', { kind });
    expect(error).toBeNull();
    expect(status).toBe(204);
    expect(data).toBeNull();
    const stored = await anonClient().from('event_log').select('kind').eq('kind', kind);
    expect(stored.data).toEqual([{ kind }]);
  });

  it('passes the whole body to a single unnamed json parameter', async () => {
    const { data } = await anonClient().rpc('echo_json', { anything: [1, { nested: true }] });
    expect(data).toEqual({ anything: [1, { nested: true }] });
  });

  it('resolves overloads by argument names and refuses ambiguous ones with 300 PGRST203', async () => {
    expect((await anonClient().rpc('describe_value', { v: 7 })).data).toBe('integer 7');
    expect((await anonClient().rpc('describe_value', { t: 'x' })).data).toBe('text x');
    const ambiguous = await anonClient().rpc('ambiguous', { a: 1 });
    expect(ambiguous.status).toBe(300);
    expect(ambiguous.error?.code).toBe('PGRST203');
    expect(ambiguous.error?.message).toContain('Could not choose the best candidate function between');
  });

  it('answers 404 PGRST202 with a hint for an unknown function or wrong arguments', async () => {
    const unknown = await anonClient().rpc('add_numberz', { a: 1, b: 2 });
    expect(unknown.status).toBe(404);
    expect(unknown.error).toEqual({
      code: 'PGRST202',
      message: 'Could not find the function public.add_numberz(a, b) in the schema cache',
      details:
        'Searched for the function public.add_numberz with parameters a, b or with a single unnamed json/jsonb parameter, but no matches were found in the schema cache.',
      hint: 'Perhaps you meant to call the function public.add_numbers',
    });
    const wrongArgs = await anonClient().rpc('add_numbers', { a: 1 });
    expect(wrongArgs.status).toBe(404);
    expect(wrongArgs.error?.hint).toBe('Perhaps you meant to call the function public.add_numbers(a, b)');
  });

  it('reports RAISE EXCEPTION as 400 P0001 with detail and hint, and PT402 as status 402', async () => {
    const raised = await anonClient().rpc('fail_with', { message: 'boom' });
    expect(raised.status).toBe(400);
    expect(raised.error).toEqual({
      code: 'P0001',
      message: 'boom',
      details: 'raised on purpose',
      hint: 'call it with another message',
    });
    const custom = await anonClient().rpc('fail_with_status');
    expect(custom.status).toBe(402);
    expect(custom.error?.code).toBe('PT402');
  });

  it('runs a stable function returning void: its error reaches the client, its success is 204', async () => {
    const refused = await anonClient().rpc('require_positive', { n: -1 });
    expect(refused.status).toBe(400);
    expect(refused.error?.code).toBe('22023');
    expect(refused.error?.message).toBe('n must be positive, got -1');
    const byGet = await anonClient().rpc('require_positive', { n: 0 }, { get: true });
    expect(byGet.error?.message).toBe('n must be positive, got 0');
    const passed = await anonClient().rpc('require_positive', { n: 3 });
    expect(passed.error).toBeNull();
    expect(passed.status).toBe(204);
  });

  it('calls stable functions with GET, arguments in the query string', async () => {
    const { data, error } = await anonClient().rpc('add_numbers', { a: 4, b: 5 }, { get: true });
    expect(error).toBeNull();
    expect(data).toBe(9);
    const set = await anonClient()
      .rpc('cities_in', { country: 'France' }, { get: true })
      .select('name')
      .order('name');
    expect(set.data).toEqual([{ name: 'Lyon' }, { name: 'Paris' }]);
  });

  it('runs GET calls read-only: a writing function fails with 405 25006', async () => {
    const { status, error } = await anonClient().rpc(
      'log_event',
      { kind: uniqueName('read-only') },
      { get: true },
    );
    expect(status).toBe(405);
    expect(error?.code).toBe('25006');
  });

  it('counts function results and supports head', async () => {
    const { count, data, error } = await anonClient().rpc(
      'cities_in',
      { country: 'France' },
      { head: true, count: 'exact' },
    );
    expect(error).toBeNull();
    expect(data).toBeNull();
    expect(count).toBe(2);
    const counted = await anonClient().rpc('numbers_up_to', { n: 5 }, { count: 'exact' });
    expect(counted.count).toBe(5);
  });

  it('applies the request settings PostgREST sets (role, claims, method, path, headers, search_path)', async () => {
    const { data } = await anonClient().rpc('request_info');
    const info = data as Record<string, unknown>;
    expect(info.role).toBe('anon');
    expect(info.current_role).toBe('anon');
    expect(info.uid).toBeNull();
    expect(info.method).toBe('POST');
    expect(info.path).toBe('/rpc/request_info');
    expect((info.claims as Record<string, unknown>).role).toBe('anon');
    expect((info.headers as Record<string, unknown>)['content-type']).toBe('application/json');
    expect(info.search_path).toBe('"public", "extensions"');
    expect(info.read_only).toBe('on');
  });

  it('lets a function set the response status and headers', async () => {
    const { status, headers, body } = await restFetch('/rpc/set_response_status', {
      method: 'POST',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(status).toBe(202);
    expect(headers.get('x-fixture')).toBe('yes');
    expect(body).toBe('accepted');
  });

  it('refuses other methods on functions with 405 PGRST101', async () => {
    const { status, body } = await restFetch('/rpc/add_numbers', {
      method: 'PATCH',
      body: '{}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(status).toBe(405);
    expect(body).toMatchObject({ code: 'PGRST101', message: 'Cannot use the PATCH method on RPC' });
  });
});

describe('rest db-max-rows', () => {
  it('caps a response at max_rows while an exact count reports the full total', async () => {
    const { data, count, status } = await anonClient().rpc('numbers_up_to', { n: 1500 }, { count: 'exact' });
    expect(data).toHaveLength(1000);
    expect(count).toBe(1500);
    expect(status).toBe(206);
  });
});
