/**
 * A fingerprint of a whole installation, to compare one before a backup with one after a restore:
 * row count and md5 of the sorted rows of every table in every schema, and sha256 of every stored
 * object's file.
 */
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import pg from 'pg';
import type { FaultStack } from './fault-stack.js';

/** The bootstrap superuser over the stack's unix socket (trust auth): it reads past every policy. */
export async function asSuperuser<T extends pg.QueryResultRow>(
  stack: FaultStack,
  sql: string,
  values: unknown[] = [],
): Promise<T[]> {
  const port = Number(new URL(stack.dbUrl).port);
  const client = new pg.Client({
    host: path.join(stack.state, 'run'),
    port,
    user: 'supabase_admin',
    database: 'postgres',
  });
  await client.connect();
  try {
    return (await client.query<T>(sql, values)).rows;
  } finally {
    await client.end();
  }
}

function objectFiles(dir: string, prefix = ''): Record<string, string> {
  const out: Record<string, string> = {};
  if (!existsSync(path.join(dir, prefix))) return out;
  for (const entry of readdirSync(path.join(dir, prefix), { withFileTypes: true })) {
    const rel = path.join(prefix, entry.name);
    if (entry.isDirectory()) Object.assign(out, objectFiles(dir, rel));
    else
      out[rel] = createHash('sha256')
        .update(readFileSync(path.join(dir, rel)))
        .digest('hex');
  }
  return out;
}

export interface Snapshot {
  tables: Record<string, { rows: number; md5: string }>;
  objects: Record<string, string>;
}

export async function snapshot(stack: FaultStack): Promise<Snapshot> {
  const tables = await asSuperuser<{ schemaname: string; tablename: string }>(
    stack,
    `select schemaname, tablename from pg_tables
      where schemaname not in ('pg_catalog', 'information_schema') order by 1, 2`,
  );
  const result: Snapshot['tables'] = {};
  for (const { schemaname, tablename } of tables) {
    const name = `${pg.escapeIdentifier(schemaname)}.${pg.escapeIdentifier(tablename)}`;
    const [row] = await asSuperuser<{ rows: string; md5: string }>(
      stack,
      `select count(*) as rows, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as md5 from ${name} t`,
    );
    result[`${schemaname}.${tablename}`] = { rows: Number(row!.rows), md5: row!.md5 };
  }
  return { tables: result, objects: objectFiles(path.join(stack.state, 'storage')) };
}
