/**
 * Private channels (`config.private: true`): what the RLS policies on `realtime.messages` allow a
 * role and claims to do on a topic, with `realtime.topic()` returning the channel name. As Supabase
 * does it: the SELECT policy decides reading (probe rows inserted by the table owner must be
 * visible) and the INSERT policy decides writing (an insert is attempted and undone), per extension
 * (`broadcast`, `presence`). One round trip on the API pool, always rolled back.
 */
import type pg from 'pg';
import type { RoleSettings } from '../kernel/db.js';
import { quoteLiteral } from '../kernel/sql-text.js';

export interface TopicPolicies {
  broadcastRead: boolean;
  presenceRead: boolean;
  broadcastWrite: boolean;
  presenceWrite: boolean;
}

function setting(name: string, value: string): string {
  return `set_config(${quoteLiteral(name)}, ${quoteLiteral(value)}, true)`;
}

/** Who is asking, as RLS sees it: `SELECT set_config(...)` switching to the subscriber on `topic`. */
export function subscriberSettingsSql(
  roleSettings: RoleSettings,
  role: string,
  claims: Record<string, unknown>,
  topic: string,
): string {
  const settings = [
    ...Object.entries(roleSettings.for(role)).map(([k, v]) => setting(k, v)),
    setting('role', role),
    setting('request.jwt.claims', JSON.stringify({ ...claims, role })),
    setting('request.jwt.claim.sub', typeof claims.sub === 'string' ? claims.sub : ''),
    setting('request.jwt.claim.role', role),
    setting('request.headers', '{}'),
    setting('realtime.topic', topic),
  ];
  return `SELECT ${settings.join(', ')}`;
}

/** Runs `text` (several statements ending in ROLLBACK) on one client; on failure rolls back too. */
export async function runRolledBack(pool: pg.Pool, text: string): Promise<pg.QueryResult[]> {
  const client = await pool.connect();
  const ignore = (): void => undefined;
  client.on('error', ignore);
  try {
    const results = (await client.query(text)) as unknown as pg.QueryResult[];
    client.removeListener('error', ignore);
    client.release();
    return results;
  } catch (error) {
    client.removeListener('error', ignore);
    try {
      await client.query('ROLLBACK');
      client.release();
    } catch {
      client.release(true);
    }
    throw error;
  }
}

export async function topicPolicies(
  pool: pg.Pool,
  roleSettings: RoleSettings,
  role: string,
  claims: Record<string, unknown>,
  topic: string,
): Promise<TopicPolicies> {
  const t = quoteLiteral(topic);
  const probe = (extension: string) =>
    `exists(select 1 from realtime.messages m
             where m.id = (current_setting('realtime.stack_probes')::jsonb ->> '${extension}')::uuid)`;
  const text = [
    'BEGIN ISOLATION LEVEL READ COMMITTED READ WRITE',
    // Runs as the login role (authenticator), before switching to the subscriber's role.
    `SELECT realtime.stack_insert_probes(${t}, array['broadcast', 'presence'])`,
    subscriberSettingsSql(roleSettings, role, claims, topic),
    `SELECT ${probe('broadcast')} as broadcast_read, ${probe('presence')} as presence_read,
            realtime.stack_can_insert(${t}, 'broadcast') as broadcast_write,
            realtime.stack_can_insert(${t}, 'presence') as presence_write`,
    'ROLLBACK',
  ].join(';\n');
  const results = await runRolledBack(pool, text);
  const row = results[3]?.rows[0] as Record<string, boolean> | undefined;
  return {
    broadcastRead: row?.broadcast_read === true,
    presenceRead: row?.presence_read === true,
    broadcastWrite: row?.broadcast_write === true,
    presenceWrite: row?.presence_write === true,
  };
}
