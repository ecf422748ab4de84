import path from 'node:path';
import { parseArgs } from 'node:util';
import type { ClientBase } from 'pg';
import { readStackStatus } from '../../../infra/stack/lib/stack-status.mjs';
import { connect, REPO_ROOT, resolveDbUrl } from '../db/connect.js';
import { formatTable } from './table.js';
import { UsageError } from './import-command.js';

export const FEEDS_USAGE = `npm run intel -- feeds add --name N --format zeek-intel|suricata|rpz|text|nftables|iptables|csv [--min-score N] [--max-tlp LEVEL] [--type T]… [--source NAME]… [--json]
  npm run intel -- feeds list [--json] | feeds remove <id|name> | feeds rotate-token <id|name> [--json]
      (feeds served over HTTP at <API_URL>/functions/v1/feeds/<id>; sensors send "Authorization: Bearer <token>")`;

interface FeedStats {
  id: string;
  name: string;
  format: string;
  min_score: number;
  max_tlp: string;
  types: string[] | null;
  sources: string[] | null;
  created_at: Date;
  updated_at: Date;
  last_pulled_at: Date | null;
  last_pulled_from: string | null;
  pull_count: string;
  alerts_30d: string;
}

const OPTIONS = {
  name: { type: 'string' },
  format: { type: 'string' },
  'min-score': { type: 'string' },
  'max-tlp': { type: 'string' },
  type: { type: 'string', multiple: true },
  source: { type: 'string', multiple: true },
  json: { type: 'boolean', default: false },
  'api-url': { type: 'string' },
  'db-url': { type: 'string' },
  workdir: { type: 'string' },
} as const;

/** Where sensors reach the feeds: --api-url, else INTEL_API_URL, else the running stack's API_URL. */
function apiUrl(values: { 'api-url'?: string; workdir?: string }): string | null {
  const url =
    values['api-url'] ??
    process.env.INTEL_API_URL ??
    readStackStatus(path.resolve(values.workdir ?? REPO_ROOT)).status?.API_URL;
  return url ? url.replace(/\/+$/, '') : null;
}

const feedUrl = (base: string | null, id: string) =>
  `${base ?? '<API_URL>'}/functions/v1/feeds/${encodeURIComponent(id)}`;

/** Runs `work` as the service role (the RPCs accept it besides an admin with MFA; audited as such). */
async function asService<T>(db: ClientBase, work: () => Promise<T>): Promise<T> {
  await db.query('begin');
  try {
    await db.query(
      `select set_config('role', 'service_role', true), set_config('request.jwt.claims', '{"role":"service_role"}', true)`,
    );
    const result = await work();
    await db.query('commit');
    return result;
  } catch (error) {
    await db.query('rollback');
    throw error;
  }
}

async function feedIdOf(db: ClientBase, ref: string | undefined, verb: string): Promise<string> {
  if (!ref) throw new UsageError(`feeds ${verb}: name the feed (its id or name)`);
  const { rows } = await db.query<{ id: string }>(
    'select id::text from public.served_feeds where id::text = lower($1) or name = $1',
    [ref],
  );
  if (!rows[0]) throw new Error(`feeds ${verb}: no feed "${ref}" (see \`npm run intel -- feeds list\`)`);
  return rows[0].id;
}

const when = (d: Date | null) => (d ? d.toISOString().replace('T', ' ').slice(0, 19) : 'never');
const selectionText = (f: FeedStats) =>
  [
    f.types ? f.types.join(' ') : 'all types',
    f.sources ? `from ${f.sources.join(', ')}` : 'any source',
    `TLP ≤ ${f.max_tlp.toUpperCase()}`,
    `score ≥ ${f.min_score}`,
  ].join('; ');

const TOKEN_WARNING =
  'This token is shown once and cannot be read again: store it in the sensor now (rotate-token makes a new one).';

export async function feedsCommand(args: string[]): Promise<number> {
  const [verb, ...rest] = args;
  const { values, positionals } = parseArgs({ args: rest, options: OPTIONS, allowPositionals: true });
  if (!verb || !['add', 'list', 'remove', 'rotate-token'].includes(verb))
    throw new UsageError(`feeds: say add, list, remove or rotate-token`);
  const db = await connect(resolveDbUrl({ dbUrl: values['db-url'], workdir: values.workdir }));
  const out = (text: string) => process.stdout.write(`${text}\n`);
  try {
    if (verb === 'add') {
      if (!values.name) throw new UsageError('feeds add: --name is required');
      if (!values.format) throw new UsageError('feeds add: --format is required');
      const minScore = values['min-score'] ?? '0';
      if (!/^\d{1,3}$/.test(minScore))
        throw new UsageError('feeds add: --min-score is a number from 0 to 100');
      const { rows } = await asService(db, () =>
        db.query<{ id: string; token: string }>(
          'select id::text, token from public.create_served_feed($1, $2, $3, $4, $5, $6)',
          [
            values.name,
            values.format,
            Number(minScore),
            values['max-tlp']?.toLowerCase() ?? 'amber',
            values.type ?? null,
            values.source ?? null,
          ],
        ),
      );
      const { id, token } = rows[0]!;
      const url = feedUrl(apiUrl(values), id);
      if (values.json) out(JSON.stringify({ id, url, token }));
      else {
        out(formatTable(['feed', 'id', 'url'], [[values.name, id, url]]));
        out(`token: ${token}\n${TOKEN_WARNING}`);
      }
      return 0;
    }
    if (verb === 'list') {
      const { rows } = await asService(db, () =>
        db.query<FeedStats>('select * from public.list_served_feeds()'),
      );
      const base = apiUrl(values);
      if (values.json) {
        out(
          JSON.stringify(
            rows.map((f) => ({
              ...f,
              url: feedUrl(base, f.id),
              pull_count: Number(f.pull_count),
              alerts_30d: Number(f.alerts_30d),
            })),
          ),
        );
        return 0;
      }
      if (rows.length === 0) {
        out('no feeds yet: `npm run intel -- feeds add --name N --format F`');
        return 0;
      }
      out(
        formatTable(
          ['feed', 'format', 'selection', 'last pulled (UTC)', 'from', 'pulls', 'alerts 30 d', 'url'],
          rows.map((f) => [
            f.name,
            f.format,
            selectionText(f),
            when(f.last_pulled_at),
            f.last_pulled_from ?? '',
            Number(f.pull_count),
            Number(f.alerts_30d),
            feedUrl(base, f.id),
          ]),
        ),
      );
      return 0;
    }
    const id = await feedIdOf(db, positionals[0], verb);
    if (verb === 'remove') {
      await asService(db, () => db.query('select public.delete_served_feed($1)', [id]));
      out(`feed ${positionals[0]} removed: its URL answers 401 from now on`);
      return 0;
    }
    const { rows } = await asService(db, () =>
      db.query<{ token: string }>('select public.rotate_served_feed_token($1) as token', [id]),
    );
    const url = feedUrl(apiUrl(values), id);
    if (values.json) out(JSON.stringify({ id, url, token: rows[0]!.token }));
    else
      out(
        `feed ${positionals[0]}: new token ${rows[0]!.token}\nthe old token no longer works. ${TOKEN_WARNING}`,
      );
    return 0;
  } finally {
    await db.end();
  }
}
