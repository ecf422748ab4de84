/** Inserts, upserts, updates and deletes through supabase-js: statuses, bodies, counts, errors, transactions. */
import { describe, expect, it } from 'vitest';
import { anonClient, restFetch, serviceClient, uniqueName } from '../helpers/rest.js';

describe('rest insert', () => {
  it('inserts one row: 201 with no body, committed', async () => {
    const name = uniqueName('insert');
    const { data, error, status } = await anonClient()
      .from('items')
      .insert({ name, price: 1.5, tags: ['a', 'b'], data: { k: [1] } });
    expect(error).toBeNull();
    expect(status).toBe(201);
    expect(data).toBeNull();
    const { data: stored } = await serviceClient()
      .from('items')
      .select('name, price, tags, data')
      .eq('name', name)
      .single();
    expect(stored).toEqual({ name, price: 1.5, tags: ['a', 'b'], data: { k: [1] } });
  });

  it('returns the inserted rows with select(), as an array or one object', async () => {
    const name = uniqueName('insert-select');
    const many = await anonClient()
      .from('items')
      .insert([{ name, price: 2 }, { name: `${name}-2` }])
      .select('name, price');
    expect(many.status).toBe(201);
    expect(many.data).toEqual([
      { name, price: 2 },
      { name: `${name}-2`, price: null },
    ]);
    const one = await anonClient()
      .from('items')
      .insert({ name: `${name}-3` })
      .select('name')
      .single();
    expect(one.data).toEqual({ name: `${name}-3` });
  });

  it('sets missing keys of array rows to null, or to the default with defaultToNull: false', async () => {
    const a = uniqueName('kv');
    const b = uniqueName('kv');
    const nulls = await anonClient()
      .from('kv')
      .insert([{ key: a, updated_count: 5 }, { key: b }]);
    expect(nulls.status).toBe(400);
    expect(nulls.error?.code).toBe('23502');
    const defaults = await anonClient()
      .from('kv')
      .insert([{ key: a, updated_count: 5 }, { key: b }], { defaultToNull: false })
      .select('key, value, updated_count');
    expect(defaults.error).toBeNull();
    const byKey = new Map((defaults.data ?? []).map((r) => [r.key, r]));
    expect(byKey.get(a)).toEqual({ key: a, value: null, updated_count: 5 });
    expect(byKey.get(b)).toEqual({ key: b, value: null, updated_count: 0 });
  });

  it('counts inserted rows', async () => {
    const name = uniqueName('count');
    const { count, status } = await anonClient()
      .from('items')
      .insert([{ name }, { name }], { count: 'exact' });
    expect(status).toBe(201);
    expect(count).toBe(2);
  });

  it('answers 400 PGRST204 for an unknown column and 400 PGRST102 for malformed JSON', async () => {
    const unknown = await anonClient().from('items').insert({ name: 'x', colour: 'red' });
    expect(unknown.status).toBe(400);
    expect(unknown.error).toEqual({
      code: 'PGRST204',
      message: "Could not find the 'colour' column of 'items' in the schema cache",
      details: null,
      hint: null,
    });
    const malformed = await restFetch('/items', {
      method: 'POST',
      body: '{"name": ',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(malformed.status).toBe(400);
    expect(malformed.body).toEqual({
      code: 'PGRST102',
      message: 'Empty or invalid json',
      details: null,
      hint: null,
    });
    const mixed = await restFetch('/items', {
      method: 'POST',
      body: '[{"name":"a"},{"price":1}]',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(mixed.status).toBe(400);
    expect((mixed.body as { message: string }).message).toBe('All object keys must match');
  });

  it('answers 413 for a body over the limit', async () => {
    const big = JSON.stringify({ name: 'x'.repeat(2 * 1024 * 1024) });
    const { status, body } = await restFetch('/items', {
      method: 'POST',
      body: big,
      headers: { 'Content-Type': 'application/json' },
    });
    expect(status).toBe(413);
    expect(body).toMatchObject({ code: expect.any(String), message: expect.any(String) });
  });

  it('answers 409 23505 for a duplicate key and 409 23503 for a missing parent', async () => {
    const duplicate = await serviceClient().from('countries').insert({ name: 'France' });
    expect(duplicate.status).toBe(409);
    expect(duplicate.error?.code).toBe('23505');
    expect(duplicate.error?.details).toContain('France');
    const orphan = await serviceClient()
      .from('cities')
      .insert({ name: uniqueName('orphan'), country_id: 999 });
    expect(orphan.status).toBe(409);
    expect(orphan.error?.code).toBe('23503');
  });

  it('answers a Location header for return=headers-only', async () => {
    const name = uniqueName('location');
    const { status, headers } = await restFetch('/items', {
      method: 'POST',
      body: JSON.stringify({ name }),
      headers: { 'Content-Type': 'application/json', Prefer: 'return=headers-only' },
    });
    expect(status).toBe(201);
    expect(headers.get('location')).toMatch(/^\/items\?id=eq\.\d+$/);
  });
});

describe('rest upsert', () => {
  it('merges duplicates: 201 when a row is new, 200 when every row already existed', async () => {
    const key = uniqueName('upsert');
    const first = await anonClient().from('kv').upsert({ key, value: 'one' }).select('key, value');
    expect(first.status).toBe(201);
    expect(first.data).toEqual([{ key, value: 'one' }]);
    const second = await anonClient().from('kv').upsert({ key, value: 'two' }).select('key, value');
    expect(second.status).toBe(200);
    expect(second.data).toEqual([{ key, value: 'two' }]);
    const mixed = await anonClient()
      .from('kv')
      .upsert([
        { key, value: 'three' },
        { key: `${key}-new`, value: 'new' },
      ]);
    expect(mixed.status).toBe(201);
    const raw = await restFetch('/kv', {
      method: 'POST',
      body: JSON.stringify({ key, value: 'four' }),
      headers: { 'Content-Type': 'application/json', Prefer: 'resolution=merge-duplicates' },
    });
    expect(raw.headers.get('preference-applied')).toBe('resolution=merge-duplicates');
  });

  it('ignores duplicates', async () => {
    const key = uniqueName('ignore');
    await anonClient().from('kv').insert({ key, value: 'kept' });
    const { data, status } = await anonClient()
      .from('kv')
      .upsert(
        [
          { key, value: 'dropped' },
          { key: `${key}-b`, value: 'added' },
        ],
        { ignoreDuplicates: true },
      )
      .select('key, value');
    expect(status).toBe(201);
    expect(data).toEqual([{ key: `${key}-b`, value: 'added' }]);
    const stored = await anonClient().from('kv').select('value').eq('key', key).single();
    expect(stored.data).toEqual({ value: 'kept' });
  });

  it('upserts on another unique column with onConflict', async () => {
    const name = uniqueName('country');
    const created = await serviceClient()
      .from('countries')
      .upsert({ name, code: 'A1' }, { onConflict: 'name' })
      .select('name, code');
    expect(created.status).toBe(201);
    const merged = await serviceClient()
      .from('countries')
      .upsert({ name, code: 'B2' }, { onConflict: 'name' })
      .select('name, code');
    expect(merged.status).toBe(200);
    expect(merged.data).toEqual([{ name, code: 'B2' }]);
    await serviceClient().from('countries').delete().eq('name', name);
  });

  it('inserts plainly into a table without a primary key', async () => {
    const kind = uniqueName('event');
    const { status, error } = await anonClient().from('event_log').upsert({ kind });
    expect(error).toBeNull();
    expect(status).toBe(201);
  });
});

describe('rest update and delete', () => {
  it('updates: 204 without select, 200 with the rows, and counts', async () => {
    const key = uniqueName('update');
    await anonClient().from('kv').insert({ key, value: 'a' });
    const plain = await anonClient().from('kv').update({ value: 'b' }).eq('key', key);
    expect(plain.status).toBe(204);
    expect(plain.data).toBeNull();
    const selected = await anonClient()
      .from('kv')
      .update({ value: 'c' }, { count: 'exact' })
      .eq('key', key)
      .select();
    expect(selected.status).toBe(200);
    expect(selected.count).toBe(1);
    expect(selected.data).toEqual([{ key, value: 'c', updated_count: 0 }]);
    const nothing = await anonClient().from('kv').update({ value: 'd' }).eq('key', `${key}-missing`).select();
    expect(nothing.status).toBe(200);
    expect(nothing.data).toEqual([]);
  });

  it('deletes: 204 without select, 200 with the rows', async () => {
    const key = uniqueName('delete');
    await anonClient()
      .from('kv')
      .insert([{ key }, { key: `${key}-2` }]);
    const selected = await anonClient().from('kv').delete({ count: 'exact' }).eq('key', key).select('key');
    expect(selected.status).toBe(200);
    expect(selected.count).toBe(1);
    expect(selected.data).toEqual([{ key }]);
    const plain = await anonClient().from('kv').delete().eq('key', `${key}-2`);
    expect(plain.status).toBe(204);
    const gone = await anonClient().from('kv').select('key').like('key', `${key}%`);
    expect(gone.data).toEqual([]);
  });

  it('refuses an update or delete without filters (safeupdate)', async () => {
    const update = await anonClient().from('kv').update({ value: 'everything' }).neq('key', 'x').limit(0);
    expect(update.error).toBeNull();
    const unfilteredUpdate = await restFetch('/kv', {
      method: 'PATCH',
      body: '{"value":"all"}',
      headers: { 'Content-Type': 'application/json' },
    });
    expect(unfilteredUpdate.status).toBe(400);
    expect(unfilteredUpdate.body).toEqual({
      code: '21000',
      message: 'UPDATE requires a WHERE clause',
      details: null,
      hint: null,
    });
    const unfilteredDelete = await anonClient().from('kv').delete();
    expect(unfilteredDelete.status).toBe(400);
    expect(unfilteredDelete.error).toEqual({
      code: '21000',
      message: 'DELETE requires a WHERE clause',
      details: null,
      hint: null,
    });
  });

  it('rolls back a single() mutation that touched several rows', async () => {
    const key = uniqueName('single');
    await anonClient()
      .from('kv')
      .insert([
        { key: `${key}-a`, value: 'same' },
        { key: `${key}-b`, value: 'same' },
      ]);
    const { status, error } = await anonClient()
      .from('kv')
      .update({ value: 'changed' })
      .like('key', `${key}%`)
      .select()
      .single();
    expect(status).toBe(406);
    expect(error).toMatchObject({ code: 'PGRST116', details: 'The result contains 2 rows' });
    const after = await anonClient().from('kv').select('value').like('key', `${key}%`);
    expect(after.data).toEqual([{ value: 'same' }, { value: 'same' }]);
  });

  it('rolls back when max-affected is exceeded with handling=strict', async () => {
    const key = uniqueName('max');
    await anonClient()
      .from('kv')
      .insert([{ key: `${key}-a` }, { key: `${key}-b` }]);
    const { status, body } = await restFetch(`/kv?key=like.${key}*`, {
      method: 'DELETE',
      headers: { Prefer: 'handling=strict, max-affected=1' },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'PGRST124', details: 'The query affects 2 rows' });
    const after = await anonClient()
      .from('kv')
      .select('key', { count: 'exact', head: true })
      .like('key', `${key}%`);
    expect(after.count).toBe(2);
  });

  it('rolls back with Prefer: tx=rollback yet answers as if committed', async () => {
    const key = uniqueName('rollback');
    const { status, data } = await anonClient()
      .from('kv')
      .insert({ key, value: 'ghost' })
      .select('key')
      .rollback();
    expect(status).toBe(201);
    expect(data).toEqual([{ key }]);
    const after = await anonClient().from('kv').select('key').eq('key', key);
    expect(after.data).toEqual([]);
  });

  it('answers 400 PGRST122 for an unknown preference with handling=strict', async () => {
    const { status, body } = await restFetch('/kv?key=eq.x', {
      headers: { Prefer: 'handling=strict, count=lots' },
    });
    expect(status).toBe(400);
    expect(body).toMatchObject({ code: 'PGRST122', details: 'Invalid preferences: count=lots' });
  });
});
