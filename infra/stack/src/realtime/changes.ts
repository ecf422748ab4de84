/**
 * postgres_changes fan-out: turns pgoutput row changes into Supabase's event payload (reference
 * §4.5, `apply_rls.sql`) and delivers each to the subscribers allowed to see it.
 *
 * Subscribers are grouped by role and claims. For INSERT/UPDATE on RLS tables, visibility is
 * checked in the database as each group's role and claims (the row looked up by primary key), with
 * every group and every queued change in ONE round trip: a batch of changes for 100 subscribers
 * with the same claims costs one query. DELETEs are not RLS-checked (the row is gone) and carry
 * only primary-key columns on RLS tables.
 */
import type pg from 'pg';
import { runAsRole, type RoleScope, type RoleSettings } from '../gateway/db.js';
import type { Logger } from '../gateway/logger.js';
import { quoteIdent, quoteLiteral } from '../gateway/sql-text.js';
import type { Catalog, CatalogRelation } from './catalog.js';
import { matchesFilter, typeFamily } from './filters.js';
import { encodeTextRaw } from './frames.js';
import type { Channel, Hub, PgBinding } from './hub.js';
import { UNCHANGED_TOAST, type PgOutputMessage, type RelationMessage, type TupleValue } from './pgoutput.js';
import { toJsonValue } from './values.js';

export type ChangeType = 'INSERT' | 'UPDATE' | 'DELETE';

interface Change {
  type: ChangeType;
  relation: RelationMessage;
  commitTimeMs: number;
  /** The transaction's id (32 bits, as pgoutput's Begin message gives it). */
  xid: number;
  newTuple?: TupleValue[];
  oldTuple?: TupleValue[];
  oldKind?: 'K' | 'O';
}

/** Records over this size get `Error 413: Payload Too Large` with long values left out (Supabase). */
export const MAX_RECORD_BYTES = 1024 * 1024;
const BATCH_LIMIT = 500;
const VISIBILITY_ATTEMPTS = 40;

/**
 * Whether every transaction (32-bit xids) is visible in a fresh snapshot. The 64-bit id is the one
 * nearest the snapshot's xmax with those low 32 bits (wraparound-safe); an id at or past xmax is
 * still in progress and not visible.
 */
const VISIBLE_SQL = `
select coalesce(bool_and(pg_visible_in_snapshot((s.xmax + d.delta)::text::xid8, s.snap)), true) as visible
  from (select snap, pg_snapshot_xmax(snap)::text::bigint as xmax from pg_current_snapshot() as snap) s
  cross join lateral (
    select x - (s.xmax & 4294967295) + case
             when x - (s.xmax & 4294967295) > 2147483647 then -4294967296
             when x - (s.xmax & 4294967295) < -2147483648 then 4294967296
             else 0 end as delta
      from unnest($1::bigint[]) as x
  ) d`;

interface DecodedChange {
  change: Change;
  relation: CatalogRelation;
  /** Column name → raw text (for SQL literals) and JSON value, in column order. */
  raw: Map<string, string | null>;
  record?: Record<string, unknown>;
  oldRecord?: Record<string, unknown>;
}

interface Group {
  role: string;
  claims: Record<string, unknown>;
  /** channel → bindings of that channel matching the change. */
  channels: Map<Channel, PgBinding[]>;
}

type Verdict = { visible: true } | { visible: false } | { error: string };

interface Work {
  decoded: DecodedChange;
  groups: Map<string, Group>;
  verdicts: Map<string, Verdict>;
}

/** `2026-01-02T03:04:05.678Z` as Supabase formats commit timestamps. */
export function commitTimestamp(ms: number): string {
  return new Date(ms).toISOString();
}

export class ChangeFeed {
  private readonly relations = new Map<number, RelationMessage>();
  private commitTimeMs = Date.now();
  private xid = 0;
  private queue: Change[] = [];
  private running = false;
  delivered = 0;

  constructor(
    private readonly hub: Hub,
    private readonly catalog: Catalog,
    private readonly pool: pg.Pool,
    private readonly roleSettings: RoleSettings,
    private readonly searchPath: string[],
    private readonly log: Logger,
  ) {}

  /** Entry point for the replication stream (synchronous, in WAL order). */
  onMessage(message: PgOutputMessage): void {
    switch (message.tag) {
      case 'relation':
        this.relations.set(message.relationId, message);
        // Sent again after any change to the table's definition, grants or policies.
        this.catalog.invalidate(message.relationId);
        return;
      case 'begin':
        this.commitTimeMs = message.commitTimeMs;
        this.xid = message.xid;
        return;
      case 'insert':
        return this.enqueue({ type: 'INSERT', relationId: message.relationId, newTuple: message.newTuple });
      case 'update':
        return this.enqueue({
          type: 'UPDATE',
          relationId: message.relationId,
          newTuple: message.newTuple,
          oldTuple: message.oldTuple,
          oldKind: message.oldKind,
        });
      case 'delete':
        return this.enqueue({
          type: 'DELETE',
          relationId: message.relationId,
          oldTuple: message.oldTuple,
          oldKind: message.oldKind,
        });
      default:
        return;
    }
  }

  private enqueue(c: Omit<Change, 'relation' | 'commitTimeMs' | 'xid'> & { relationId: number }): void {
    const relation = this.relations.get(c.relationId);
    if (!relation || !this.hub.hasBindingsFor(relation.schema, relation.table)) return;
    this.queue.push({ ...c, relation, commitTimeMs: this.commitTimeMs, xid: this.xid });
    if (!this.running) {
      this.running = true;
      // Let the rest of the transaction's messages (same socket read) join this batch.
      setImmediate(() => void this.drain());
    }
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0) {
        const batch = this.queue.splice(0, BATCH_LIMIT);
        try {
          await this.process(batch);
        } catch (error) {
          this.log('error', 'realtime could not deliver changes', { error: (error as Error).stack });
        }
      }
    } finally {
      this.running = false;
    }
  }

  private decode(change: Change, relation: CatalogRelation): DecodedChange {
    const raw = new Map<string, string | null>();
    const toRecord = (tuple: TupleValue[], only?: (name: string) => boolean) => {
      const record: Record<string, unknown> = {};
      change.relation.columns.forEach((col, i) => {
        const value = tuple[i];
        if (value === undefined || value === UNCHANGED_TOAST) return;
        if (only && !only(col.name)) return;
        const catalogColumn = relation.byName.get(col.name);
        const type = catalogColumn
          ? { typname: catalogColumn.base, elemTypname: catalogColumn.elem }
          : { typname: 'text' };
        record[col.name] = toJsonValue(value, type);
      });
      return record;
    };
    const isPk = (name: string) => relation.byName.get(name)?.pk === true;
    const decoded: DecodedChange = { change, relation, raw };
    if (change.newTuple) {
      decoded.record = toRecord(change.newTuple);
      change.relation.columns.forEach((col, i) => {
        const v = change.newTuple![i];
        if (typeof v === 'string' || v === null) raw.set(col.name, v);
      });
      // Unchanged TOAST values come from the old row when REPLICA IDENTITY FULL sent it.
      if (change.oldKind === 'O' && change.oldTuple) {
        const old = toRecord(change.oldTuple);
        for (const col of change.relation.columns) {
          if (!(col.name in decoded.record) && col.name in old) decoded.record[col.name] = old[col.name];
        }
      }
    }
    if (change.type === 'UPDATE') {
      if (change.oldKind === 'O' && change.oldTuple) decoded.oldRecord = toRecord(change.oldTuple);
      else if (change.oldKind === 'K' && change.oldTuple) decoded.oldRecord = toRecord(change.oldTuple, isPk);
      else decoded.oldRecord = toRecord(change.newTuple ?? [], isPk);
    }
    if (change.type === 'DELETE' && change.oldTuple) {
      decoded.oldRecord =
        change.oldKind === 'O' ? toRecord(change.oldTuple) : toRecord(change.oldTuple, isPk);
      change.relation.columns.forEach((col, i) => {
        const v = change.oldTuple![i];
        if (typeof v === 'string' || v === null) raw.set(col.name, v);
      });
    }
    return decoded;
  }

  /** The subscribers (grouped by claims) whose bindings match this change. */
  private match(decoded: DecodedChange): Map<string, Group> {
    const { change, relation } = decoded;
    const groups = new Map<string, Group>();
    const subject = change.type === 'DELETE' ? (decoded.oldRecord ?? {}) : (decoded.record ?? {});
    const familyOf = (column: string) => typeFamily(relation.byName.get(column)?.base ?? 'text');
    for (const binding of this.hub.bindingsFor(change.relation.schema, change.relation.table)) {
      if (binding.event !== '*' && binding.event !== change.type) continue;
      if (!matchesFilter(binding.filter, subject, familyOf)) continue;
      const channel = binding.channel;
      let group = groups.get(channel.claimsKey);
      if (!group) {
        group = { role: channel.role, claims: channel.claims, channels: new Map() };
        groups.set(channel.claimsKey, group);
      }
      const list = group.channels.get(channel);
      if (list) list.push(binding);
      else group.channels.set(channel, [binding]);
    }
    return groups;
  }

  private async process(batch: Change[]): Promise<void> {
    const work: Work[] = [];
    for (const change of batch) {
      const relation = await this.catalog.relation(change.relation.relationId);
      if (!relation) continue;
      const decoded = this.decode(change, relation);
      const groups = this.match(decoded);
      if (groups.size > 0) work.push({ decoded, groups, verdicts: new Map() });
    }
    if (work.length === 0) return;

    // Decide per group what can be settled without the database.
    const checks = new Map<string, { group: Group; items: Work[] }>();
    for (const item of work) {
      const { relation, change } = item.decoded;
      const pkColumns = relation.columns.filter((c) => c.pk);
      for (const [key, group] of item.groups) {
        const selectable = await this.catalog.selectableColumns(relation, group.role);
        if (change.type !== 'DELETE' && pkColumns.length === 0) {
          item.verdicts.set(key, { error: 'Error 400: Bad Request, no primary key' });
        } else if (change.type !== 'DELETE' && pkColumns.some((c) => !selectable.has(c.name))) {
          item.verdicts.set(key, { error: 'Error 401: Unauthorized' });
        } else if (
          !relation.rls ||
          change.type === 'DELETE' ||
          (await this.catalog.bypassesRls(group.role))
        ) {
          item.verdicts.set(key, { visible: true });
        } else {
          let entry = checks.get(key);
          if (!entry) {
            entry = { group, items: [] };
            checks.set(key, entry);
          }
          entry.items.push(item);
        }
      }
    }
    if (checks.size > 0) {
      const xids = new Set<number>();
      for (const { items } of checks.values()) for (const item of items) xids.add(item.decoded.change.xid);
      await this.awaitVisible([...xids]);
      await this.checkRls(checks);
    }

    for (const item of work) this.deliver(item);
  }

  /**
   * Waits until the transactions are visible to new snapshots. A commit is flushed to the WAL (and
   * may be decoded and streamed to us) a moment before the committing backend leaves the proc
   * array; an RLS check in that moment does not find the row and the subscriber would silently
   * miss the change (seen here: about one insert in twenty for a signed-in subscriber, none for
   * the service role, which skips the check). Usually the first look says yes: one round trip per
   * batch. Bounded, so a stuck look never holds the feed.
   */
  private async awaitVisible(xids: number[]): Promise<void> {
    for (let attempt = 0; attempt < VISIBILITY_ATTEMPTS; attempt++) {
      try {
        const { rows } = await this.pool.query<{ visible: boolean }>(VISIBLE_SQL, [xids]);
        if (rows[0]?.visible !== false) return;
      } catch (error) {
        this.log('warn', 'realtime could not check that a transaction is visible', {
          error: (error as Error).message,
        });
        return;
      }
      await new Promise((resolve) => setTimeout(resolve, 1 + attempt));
    }
  }

  private existsSql(decoded: DecodedChange): string {
    const { relation } = decoded;
    const where = relation.columns
      .filter((c) => c.pk)
      .map((c) => {
        const value = decoded.raw.get(c.name);
        return value === null || value === undefined
          ? `${quoteIdent(c.name)} is null`
          : `${quoteIdent(c.name)} = ${quoteLiteral(value)}::${c.sqlType}`;
      })
      .join(' and ');
    return `exists(select 1 from ${quoteIdent(relation.schema)}.${quoteIdent(relation.table)} where ${where})`;
  }

  private checkStatement(items: Work[]): string {
    return 'select ' + items.map((item, i) => `${this.existsSql(item.decoded)} as c${i}`).join(', ');
  }

  private scope(group: Group): RoleScope {
    return {
      role: group.role,
      claims: group.claims,
      method: 'GET',
      path: '/realtime/v1/websocket',
      headers: {},
      readOnly: true,
      searchPath: this.searchPath,
    };
  }

  /** One round trip for every group: switch role and claims, then look each row up. */
  private async checkRls(checks: Map<string, { group: Group; items: Work[] }>): Promise<void> {
    const entries = [...checks.entries()];
    const statements: string[] = [];
    const resultIndex: number[] = [];
    entries.forEach(([, { group, items }], i) => {
      if (i > 0) {
        statements.push(
          `select set_config('role', ${quoteLiteral(group.role)}, true), ` +
            `set_config('request.jwt.claims', ${quoteLiteral(JSON.stringify({ ...group.claims, role: group.role }))}, true)`,
        );
      }
      resultIndex.push(statements.length);
      statements.push(this.checkStatement(items));
    });
    try {
      const results = await runAsRole(
        this.pool,
        this.roleSettings,
        this.scope(entries[0]![1].group),
        statements,
        {
          rollback: true,
        },
      );
      entries.forEach(([key, { items }], i) => {
        const row = results[resultIndex[i]!]?.rows[0] as Record<string, boolean> | undefined;
        items.forEach((item, j) => item.verdicts.set(key, { visible: row?.[`c${j}`] === true }));
      });
    } catch {
      // One group's policy failed (bad claims, a raising function): retry group by group so the
      // others still get their changes, and tell the failing group without showing the row.
      for (const [key, { group, items }] of entries) {
        try {
          const [result] = await runAsRole(
            this.pool,
            this.roleSettings,
            this.scope(group),
            [this.checkStatement(items)],
            { rollback: true },
          );
          const row = result?.rows[0] as Record<string, boolean> | undefined;
          items.forEach((item, j) => item.verdicts.set(key, { visible: row?.[`c${j}`] === true }));
        } catch (error) {
          this.log('warn', 'realtime RLS check failed', {
            role: group.role,
            error: (error as Error).message,
          });
          for (const item of items) {
            item.verdicts.set(key, {
              error: 'Error 500: Internal Server Error, RLS policy evaluation failed',
            });
          }
        }
      }
    }
  }

  /**
   * The `data` object for one role (columns and values it may SELECT, narrowed to the binding's
   * `select` plus the primary key), as JSON text.
   */
  private dataFor(decoded: DecodedChange, selectable: Set<string>, select?: ReadonlySet<string>): string {
    const { change, relation } = decoded;
    const sent = (c: { name: string; pk: boolean }) =>
      selectable.has(c.name) && (!select || c.pk || select.has(c.name));
    const pick = (record: Record<string, unknown> | undefined, pkOnly: boolean) => {
      const out: Record<string, unknown> = {};
      if (!record) return out;
      for (const c of relation.columns) {
        if (!(c.name in record) || !sent(c)) continue;
        if (pkOnly && !c.pk) continue;
        out[c.name] = record[c.name];
      }
      return out;
    };
    const data: Record<string, unknown> = {
      schema: relation.schema,
      table: relation.table,
      commit_timestamp: commitTimestamp(change.commitTimeMs),
      type: change.type,
      columns: relation.columns.filter(sent).map((c) => ({ name: c.name, type: c.typname })),
    };
    if (change.type !== 'DELETE') data.record = pick(decoded.record, false);
    if (change.type === 'UPDATE') data.old_record = pick(decoded.oldRecord, false);
    // RLS cannot be checked on a deleted row: only its primary key is sent on RLS tables.
    if (change.type === 'DELETE') data.old_record = pick(decoded.oldRecord, relation.rls);
    data.errors = null;
    let json = JSON.stringify(data);
    if (Buffer.byteLength(json) > MAX_RECORD_BYTES) {
      const trim = (record: unknown) => {
        const out: Record<string, unknown> = {};
        for (const [k, v] of Object.entries((record as Record<string, unknown>) ?? {})) {
          if (Buffer.byteLength(JSON.stringify(v) ?? '') <= 64) out[k] = v;
        }
        return out;
      };
      if (data.record) data.record = trim(data.record);
      if (data.old_record) data.old_record = trim(data.old_record);
      data.errors = ['Error 413: Payload Too Large'];
      json = JSON.stringify(data);
    }
    return json;
  }

  private errorData(decoded: DecodedChange, error: string): string {
    const { change, relation } = decoded;
    const data: Record<string, unknown> = {
      schema: relation.schema,
      table: relation.table,
      commit_timestamp: commitTimestamp(change.commitTimeMs),
      type: change.type,
      columns: [],
    };
    if (change.type !== 'DELETE') data.record = {};
    if (change.type !== 'INSERT') data.old_record = {};
    data.errors = [error];
    return JSON.stringify(data);
  }

  private deliver(item: Work): void {
    // One data object per role and column choice, shared by every channel that asked for it.
    const byRoleAndSelect = new Map<string, string>();
    for (const [key, group] of item.groups) {
      const verdict = item.verdicts.get(key);
      if (!verdict || ('visible' in verdict && !verdict.visible)) continue;
      const dataFor = (select: ReadonlySet<string> | undefined, selectKey: string): string => {
        if ('error' in verdict) return this.errorData(item.decoded, verdict.error);
        const cacheKey = `${group.role}\0${selectKey}`;
        let json = byRoleAndSelect.get(cacheKey);
        if (json === undefined) {
          const selectable = item.decoded.relation.selectable.get(group.role) ?? new Set<string>();
          json = this.dataFor(item.decoded, selectable, select);
          byRoleAndSelect.set(cacheKey, json);
        }
        return json;
      };
      for (const [channel, bindings] of group.channels) {
        // Bindings of one channel that chose different columns get a message each.
        const bySelect = new Map<string, { select?: ReadonlySet<string>; ids: Set<number> }>();
        for (const binding of bindings) {
          const selectKey = binding.select ? [...binding.select].sort().join(',') : '';
          const entry = bySelect.get(selectKey) ?? { select: binding.select, ids: new Set<number>() };
          entry.ids.add(binding.id);
          bySelect.set(selectKey, entry);
        }
        for (const [selectKey, { select, ids }] of bySelect) {
          const payload = `{"ids":${JSON.stringify([...ids])},"data":${dataFor(select, selectKey)}}`;
          channel.sink.sendText(
            encodeTextRaw(channel.sink.vsn, null, null, channel.topic, 'postgres_changes', payload),
          );
          this.delivered++;
        }
      }
    }
  }
}
