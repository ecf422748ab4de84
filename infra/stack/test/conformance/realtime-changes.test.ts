/**
 * postgres_changes through unmodified supabase-js: INSERT/UPDATE/DELETE, filters, `*`, RLS per
 * subscriber (a row a user cannot SELECT never reaches them), the payload shape of §4.5, and the
 * `select` of columns (the primary key always comes along).
 */
import type { RealtimePostgresChangesPayload } from '@supabase/supabase-js';
import { describe, expect, it } from 'vitest';
import { serviceClient } from '../helpers/clients.js';
import {
  realtimeClient,
  realtimeUser,
  sleep,
  subscribe,
  subscribed,
  uniqueId,
  uniqueRoom,
  waitFor,
} from '../helpers/realtime-clients.js';

type Row = Record<string, unknown>;
type Change = RealtimePostgresChangesPayload<Row>;

describe('postgres_changes', () => {
  it('delivers INSERT, UPDATE and DELETE matching a filter, with DELETE old = primary key', async () => {
    const room = uniqueRoom();
    const received: Change[] = [];
    const systems: Row[] = [];
    const channel = realtimeClient()
      .channel(uniqueRoom('pg'))
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'realtime_public', filter: `room=eq.${room}` },
        (p) => received.push(p as Change),
      )
      .on('system', {}, (p) => systems.push(p as Row));
    const started = Date.now();
    await subscribed(channel);
    const system = await waitFor(() => systems[0], 'system message', 2_000);
    expect(Date.now() - started).toBeLessThan(2_000);
    expect(system).toMatchObject({
      extension: 'postgres_changes',
      status: 'ok',
      message: 'Subscribed to PostgreSQL',
    });

    const db = serviceClient();
    const id = uniqueId();
    expect((await db.from('realtime_public').insert({ id: uniqueId(), room: 'elsewhere' })).error).toBeNull();
    expect(
      (await db.from('realtime_public').insert({ id, room, label: 'one', tags: ['a', 'b,c'] })).error,
    ).toBeNull();
    const insert = await waitFor(() => received.find((c) => c.eventType === 'INSERT'), 'INSERT');
    expect(insert.new).toEqual({ id, room, label: 'one', n: 0, flag: false, tags: ['a', 'b,c'] });
    expect(insert.old).toEqual({});
    expect(insert.schema).toBe('public');
    expect(insert.table).toBe('realtime_public');
    expect(insert.commit_timestamp).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    expect(insert.errors).toBeNull();

    expect((await db.from('realtime_public').update({ n: 7, flag: true }).eq('id', id)).error).toBeNull();
    const update = await waitFor(() => received.find((c) => c.eventType === 'UPDATE'), 'UPDATE');
    expect(update.new).toMatchObject({ id, n: 7, flag: true });
    expect(update.old).toEqual({ id });

    expect((await db.from('realtime_public').delete().eq('id', id)).error).toBeNull();
    // Default replica identity: the deleted row's old tuple holds only the key, so a filter on
    // `room` cannot match it; Supabase behaves the same. A PK filter does.
    await sleep(300);
    expect(received.filter((c) => c.eventType === 'DELETE')).toHaveLength(0);
    expect(received.every((c) => (c.new as Row).room === room || c.eventType === 'DELETE')).toBe(true);
  });

  it('sends DELETE with only the primary key, and routes events by binding (event, filter ops)', async () => {
    const id = uniqueId();
    const room = uniqueRoom();
    const deletes: Change[] = [];
    const big: Change[] = [];
    const small: Change[] = [];
    const listed: Change[] = [];
    const channel = realtimeClient()
      .channel(uniqueRoom('pg'))
      .on(
        'postgres_changes',
        { event: 'DELETE', schema: 'public', table: 'realtime_public', filter: `id=eq.${id}` },
        (p) => deletes.push(p as Change),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'realtime_public', filter: 'n=gt.100' },
        (p) => big.push(p as Change),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'realtime_public', filter: 'n=lte.100' },
        (p) => small.push(p as Change),
      )
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'realtime_public', filter: `room=in.(${room},other-${room})` },
        (p) => listed.push(p as Change),
      );
    await subscribed(channel);
    const db = serviceClient();
    expect((await db.from('realtime_public').insert({ id, room, n: 500 })).error).toBeNull();
    expect(
      (await db.from('realtime_public').insert({ id: uniqueId(), room: `other-${room}`, n: 5 })).error,
    ).toBeNull();
    expect((await db.from('realtime_public').delete().eq('id', id)).error).toBeNull();
    const deleted = await waitFor(() => deletes[0], 'DELETE');
    expect(deleted.old).toEqual({ id });
    expect(deleted.new).toEqual({});
    await waitFor(() => (listed.length >= 2 ? true : undefined), 'two listed inserts');
    expect(big.map((c) => (c.new as Row).id)).toContain(id);
    expect(big.every((c) => ((c.new as Row).n as number) > 100)).toBe(true);
    expect(small.every((c) => ((c.new as Row).n as number) <= 100)).toBe(true);
    expect(small.some((c) => (c.new as Row).room === `other-${room}`)).toBe(true);
    expect(listed.map((c) => c.eventType).sort()).toEqual(['INSERT', 'INSERT']);
  });

  it('checks RLS per subscriber: user B never receives user A rows', async () => {
    const [a, b] = await Promise.all([realtimeUser(), realtimeUser()]);
    const room = uniqueRoom();
    const got: Record<'a' | 'b', Change[]> = { a: [], b: [] };
    for (const [name, user] of [
      ['a', a],
      ['b', b],
    ] as const) {
      const channel = user.client
        .channel(uniqueRoom('rls'))
        .on(
          'postgres_changes',
          { event: '*', schema: 'public', table: 'realtime_items', filter: `room=eq.${room}` },
          (p) => got[name].push(p as Change),
        );
      await subscribed(channel);
    }
    const db = serviceClient();
    const insertA = await db
      .from('realtime_items')
      .insert({ owner_id: a.userId, room, body: 'for a', meta: { k: 1 } })
      .select()
      .single();
    expect(insertA.error).toBeNull();
    const insertB = await db
      .from('realtime_items')
      .insert({ owner_id: b.userId, room, body: 'for b' })
      .select()
      .single();
    expect(insertB.error).toBeNull();
    const rowA = await waitFor(() => got.a.find((c) => c.eventType === 'INSERT'), 'A insert');
    expect(rowA.new).toMatchObject({
      id: insertA.data!.id,
      owner_id: a.userId,
      body: 'for a',
      meta: { k: 1 },
    });
    await waitFor(() => got.b.find((c) => c.eventType === 'INSERT'), 'B insert');
    // B's own row arrived after A's was committed; give A's a generous extra moment to leak.
    await sleep(700);
    expect(got.b.map((c) => (c.new as Row).owner_id)).toEqual([b.userId]);
    expect(got.a.map((c) => (c.new as Row).owner_id)).toEqual([a.userId]);

    // UPDATE: REPLICA IDENTITY FULL sends the whole old row; RLS still applies.
    expect(
      (await db.from('realtime_items').update({ score: 3 }).eq('id', insertA.data!.id)).error,
    ).toBeNull();
    const updateA = await waitFor(() => got.a.find((c) => c.eventType === 'UPDATE'), 'A update');
    expect(updateA.old).toMatchObject({ id: insertA.data!.id, score: 0, body: 'for a' });
    expect(updateA.new).toMatchObject({ score: 3 });

    // DELETE on an RLS table: not RLS-checked (the row is gone), so only the primary key is sent.
    expect((await db.from('realtime_items').delete().eq('id', insertA.data!.id)).error).toBeNull();
    const deleteA = await waitFor(() => got.a.find((c) => c.eventType === 'DELETE'), 'A delete');
    expect(deleteA.old).toEqual({ id: insertA.data!.id });
    await sleep(300);
    expect(got.b.filter((c) => c.eventType === 'UPDATE')).toHaveLength(0);
  });

  // A commit reaches the WAL stream a moment before other sessions can see it; an RLS check in that
  // moment found no row and dropped the change (about one insert in twenty, before the fix).
  it('delivers every insert an RLS-checked subscriber may see, each right after its commit', async () => {
    const a = await realtimeUser();
    const room = uniqueRoom();
    const got: Change[] = [];
    const channel = a.client
      .channel(uniqueRoom('burst'))
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'realtime_items', filter: `room=eq.${room}` },
        (p) => got.push(p as Change),
      );
    await subscribed(channel);
    const db = serviceClient();
    const inserts = 60;
    for (let i = 0; i < inserts; i++) {
      const insert = await db.from('realtime_items').insert({ owner_id: a.userId, room, body: `burst ${i}` });
      expect(insert.error).toBeNull();
      await waitFor(() => (got.length > i ? true : undefined), `insert ${i}`, 3_000);
    }
    expect(got.map((c) => (c.new as Row).body)).toEqual(
      Array.from({ length: inserts }, (_, i) => `burst ${i}`),
    );
  });

  it('gives anon nothing from an owner-only table and keeps anon table events flowing', async () => {
    const room = uniqueRoom();
    const hidden: Change[] = [];
    const visible: Change[] = [];
    const channel = realtimeClient()
      .channel(uniqueRoom('anon'))
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'realtime_items', filter: `room=eq.${room}` },
        (p) => hidden.push(p as Change),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'realtime_public', filter: `room=eq.${room}` },
        (p) => visible.push(p as Change),
      );
    await subscribed(channel);
    const user = await realtimeUser();
    const db = serviceClient();
    await db.from('realtime_items').insert({ owner_id: user.userId, room });
    await db.from('realtime_public').insert({ id: uniqueId(), room });
    await waitFor(() => visible[0], 'public insert');
    await sleep(300);
    // anon has no SELECT grant on realtime_items: an "Error 401" event without any row data at most.
    for (const change of hidden) {
      expect(change.errors).toEqual(['Error 401: Unauthorized']);
      expect(change.new).toEqual({});
    }
  });

  it('reports an unknown table or a bad filter with a system error, and still reaches SUBSCRIBED', async () => {
    const systems: Row[] = [];
    const channel = realtimeClient()
      .channel(uniqueRoom('bad'))
      .on('postgres_changes', { event: 'INSERT', schema: 'public', table: 'no_such_table' }, () => undefined)
      .on('system', {}, (p) => systems.push(p as Row));
    expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
    const system = await waitFor(() => systems[0], 'system error', 2_000);
    expect(system).toMatchObject({ extension: 'postgres_changes', status: 'error' });
    expect(String(system.message)).toMatch(/^Unable to subscribe to changes with given parameters/);

    const filterSystems: Row[] = [];
    const filtered = realtimeClient()
      .channel(uniqueRoom('bad'))
      .on(
        'postgres_changes',
        { event: '*', schema: 'public', table: 'realtime_public', filter: 'n=eq.not-a-number' },
        () => undefined,
      )
      .on('system', {}, (p) => filterSystems.push(p as Row));
    expect((await subscribe(filtered)).status).toBe('SUBSCRIBED');
    expect(await waitFor(() => filterSystems[0], 'filter error', 2_000)).toMatchObject({ status: 'error' });
  });

  it('sends only the selected columns (and the primary key) to a binding with `select`', async () => {
    const room = uniqueRoom();
    const narrow: Change[] = [];
    const full: Change[] = [];
    const channel = realtimeClient()
      .channel(uniqueRoom('pg'))
      .on(
        'postgres_changes',
        // realtime-js passes the binding's parameters through as they are; `select` is not in its types.
        {
          event: '*',
          schema: 'public',
          table: 'realtime_public',
          filter: `room=eq.${room}`,
          select: ['label', 'n'],
        } as {
          event: '*';
          schema: string;
        },
        (p) => narrow.push(p as Change),
      )
      .on(
        'postgres_changes',
        { event: 'INSERT', schema: 'public', table: 'realtime_public', filter: `room=eq.${room}` },
        (p) => full.push(p as Change),
      );
    await subscribed(channel);
    const db = serviceClient();
    const id = uniqueId();
    expect(
      (await db.from('realtime_public').insert({ id, room, label: 'seen', n: 3, flag: true })).error,
    ).toBeNull();
    const inserted = await waitFor(() => narrow[0], 'the narrow INSERT');
    expect(inserted.new).toEqual({ id, label: 'seen', n: 3 });
    const whole = await waitFor(() => full[0], 'the full INSERT');
    expect(whole.new).toEqual({ id, room, label: 'seen', n: 3, flag: true, tags: [] });
    expect((await db.from('realtime_public').update({ n: 4, flag: false }).eq('id', id)).error).toBeNull();
    const updated = await waitFor(() => narrow.find((c) => c.eventType === 'UPDATE'), 'the narrow UPDATE');
    expect(updated.new).toEqual({ id, label: 'seen', n: 4 });
    await sleep(200);
    // Each binding got its own message: the narrow one no INSERT twice, the full one no UPDATE.
    expect(narrow.filter((c) => c.eventType === 'INSERT')).toHaveLength(1);
    expect(full).toHaveLength(1);
  });

  it('reports a `select` of an unknown column, or on every table, with a system error', async () => {
    for (const [table, select, why] of [
      ['realtime_public', ['no_such_column'], 'column no_such_column does not exist'],
      ['*', ['label'], 'select needs a table'],
      ['realtime_public', [], 'select must be a list of column names'],
    ] as const) {
      const systems: Row[] = [];
      const channel = realtimeClient()
        .channel(uniqueRoom('bad'))
        .on(
          'postgres_changes',
          { event: 'INSERT', schema: 'public', table, select } as { event: 'INSERT'; schema: string },
          () => undefined,
        )
        .on('system', {}, (p) => systems.push(p as Row));
      expect((await subscribe(channel)).status).toBe('SUBSCRIBED');
      const system = await waitFor(() => systems[0], 'system error', 2_000);
      expect(system).toMatchObject({ extension: 'postgres_changes', status: 'error' });
      expect(String(system.message)).toContain(`(${why})`);
      await channel.unsubscribe();
    }
  });
});
