/**
 * Broadcast from the database: `realtime.send(payload, event, topic, private)` reaches the topic's
 * subscribers once the transaction commits. As Supabase Realtime's BroadcastChanges handler does
 * it, the payload arrives with the message's `id` added, private messages go to private channels
 * only, and a rolled-back send is never delivered.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { realtimeClient, sleep, subscribed, uniqueRoom, waitFor } from '../helpers/realtime-clients.js';
import { stackEnv } from '../helpers/stack-env.js';

type Row = Record<string, unknown>;

describe('broadcast from the database', () => {
  const db = new pg.Client({ connectionString: stackEnv().dbUrl });
  beforeAll(() => db.connect());
  afterAll(() => db.end());

  it('delivers realtime.send() to a public channel after commit, with the message id', async () => {
    const room = uniqueRoom('db');
    const got: Row[] = [];
    const listener = realtimeClient()
      .channel(room)
      .on('broadcast', { event: 'db-event' }, (p) => got.push(p));
    await subscribed(listener);
    await db.query('begin');
    await db.query(`select realtime.send('{"n": 1}'::jsonb, 'db-event', $1, false)`, [room]);
    await sleep(300);
    expect(got).toEqual([]);
    await db.query('commit');
    const message = await waitFor(() => got[0], 'database broadcast');
    const { rows } = await db.query<{ id: string }>(
      'select id::text from realtime.messages where topic = $1',
      [room],
    );
    expect(message).toEqual({ type: 'broadcast', event: 'db-event', payload: { n: 1, id: rows[0]!.id } });
  });

  it('never delivers a rolled-back send, nor a private one to a public channel', async () => {
    const room = uniqueRoom('db');
    const got: Row[] = [];
    const listener = realtimeClient()
      .channel(room)
      .on('broadcast', { event: '*' }, (p) => got.push(p));
    await subscribed(listener);
    await db.query('begin');
    await db.query(`select realtime.send('{"n": 1}'::jsonb, 'undone', $1, false)`, [room]);
    await db.query('rollback');
    await db.query(`select realtime.send('{"n": 2}'::jsonb, 'secret', $1, true)`, [room]);
    await db.query(`select realtime.send('{"n": 3}'::jsonb, 'public', $1, false)`, [room]);
    await waitFor(() => got[0], 'the public broadcast');
    await sleep(300);
    expect(got.map((p) => p.event)).toEqual(['public']);
  });
});
