/**
 * Broadcast from the database: `realtime.send(payload, event, topic, private)` reaches the topic's
 * subscribers once the transaction commits. As Supabase Realtime's BroadcastChanges handler does
 * it, the payload arrives with the message's `id` added, private messages go to private channels
 * only, and a rolled-back send is never delivered. A private channel may ask for the stored
 * messages again (`broadcast.replay`): they come with `meta: {replayed: true, id}`.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  realtimeClient,
  realtimeUser,
  sleep,
  subscribe,
  subscribed,
  uniqueRoom,
  waitFor,
} from '../helpers/realtime-clients.js';
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

  describe('replay on private channels', () => {
    let topic = '';
    const ids: string[] = [];
    beforeAll(async () => {
      // The fixture's policies let signed-in users read topics named rt-allowed-*.
      topic = uniqueRoom('rt-allowed-replay');
      await db.query(
        `insert into realtime.messages (topic, extension, event, payload, private, inserted_at)
         values ($1, 'broadcast', 'too-old', '{"n": 0}', true, now() - interval '2 hours')`,
        [topic],
      );
      for (const n of [1, 2, 3]) {
        await db.query(`select realtime.send($1::jsonb, $2, $3, true)`, [
          JSON.stringify({ n }),
          `e${n}`,
          topic,
        ]);
        const { rows } = await db.query<{ id: string }>(
          `select id::text from realtime.messages where topic = $1 and event = $2`,
          [topic, `e${n}`],
        );
        ids.push(rows[0]!.id);
      }
      // Public messages of the same name are not the private channel's history.
      await db.query(`select realtime.send('{"n": 9}'::jsonb, 'public-one', $1, false)`, [topic]);
    });

    it('sends the latest stored messages since the given time, oldest first, marked as replayed', async () => {
      const user = await realtimeUser();
      const got: Row[] = [];
      const channel = user.client
        .channel(topic, {
          config: { private: true, broadcast: { replay: { since: Date.now() - 60 * 60 * 1000, limit: 2 } } },
        })
        .on('broadcast', { event: '*' }, (p) => got.push(p));
      await subscribed(channel);
      await waitFor(() => got[1], 'two replayed messages');
      await sleep(300);
      expect(got).toEqual([
        {
          type: 'broadcast',
          event: 'e2',
          payload: { n: 2, id: ids[1] },
          meta: { replayed: true, id: ids[1] },
        },
        {
          type: 'broadcast',
          event: 'e3',
          payload: { n: 3, id: ids[2] },
          meta: { replayed: true, id: ids[2] },
        },
      ]);
      // Live messages after the replay are not marked.
      await db.query(`select realtime.send('{"n": 4}'::jsonb, 'e4', $1, true)`, [topic]);
      const live = await waitFor(() => got[2], 'a live message');
      expect(live.meta).toBeUndefined();
      expect(live.event).toBe('e4');
    });

    it('replays everything since the time up to 25 without a limit, and nothing older', async () => {
      const user = await realtimeUser();
      const got: Row[] = [];
      const channel = user.client
        .channel(topic, {
          config: { private: true, broadcast: { replay: { since: Date.now() - 60 * 60 * 1000 } } },
        })
        .on('broadcast', { event: '*' }, (p) => got.push(p));
      await subscribed(channel);
      await waitFor(() => got[2], 'three replayed messages');
      await sleep(300);
      expect(got.map((p) => p.event).slice(0, 3)).toEqual(['e1', 'e2', 'e3']);
      expect(got.map((p) => p.event)).not.toContain('too-old');
      expect(got.map((p) => p.event)).not.toContain('public-one');
    });

    it('refuses a malformed replay request at the join, in plain words', async () => {
      const user = await realtimeUser();
      const outcome = await subscribe(
        user.client.channel(topic, {
          config: { private: true, broadcast: { replay: { since: 'yesterday' as unknown as number } } },
        }),
      );
      expect(outcome.status).toBe('CHANNEL_ERROR');
      expect(outcome.error).toBe(
        'UnableToReplayMessages: replay needs `since`, a time in epoch milliseconds',
      );
    });
  });
});
