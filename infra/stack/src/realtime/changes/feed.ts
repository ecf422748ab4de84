/**
 * postgres_changes fan-out: turns pgoutput row changes into Supabase's event payload (reference
 * §4.5, `apply_rls.sql`) and delivers each to the subscribers allowed to see it.
 *
 * Subscribers are grouped by role and claims. For INSERT/UPDATE on RLS tables, visibility is
 * checked in the database as each group's role and claims (visibility.ts: one round trip for every
 * group and queued change). DELETEs are not RLS-checked (the row is gone) and carry only
 * primary-key columns on RLS tables.
 */
import type pg from 'pg';
import type { RoleSettings } from '../../kernel/db.js';
import type { Logger } from '../../kernel/logger.js';
import type { Catalog } from '../catalog.js';
import { matchesFilter, typeFamily } from '../filters.js';
import { encodeTextRaw } from '../frames.js';
import type { Hub } from '../hub.js';
import type { PgOutputMessage, RelationMessage } from '../pgoutput.js';
import { decodeChange, type Change, type DecodedChange } from './decode.js';
import { changeData, errorData } from './payload.js';
import {
  awaitVisible,
  checkRls,
  type Group,
  type RlsChecks,
  type VisibilityDeps,
  type Work,
} from './visibility.js';

const BATCH_LIMIT = 500;

export class ChangeFeed {
  private readonly relations = new Map<number, RelationMessage>();
  private commitTimeMs = Date.now();
  private xid = 0;
  private queue: Change[] = [];
  private running = false;
  delivered = 0;

  private readonly visibility: VisibilityDeps;

  constructor(
    private readonly hub: Hub,
    private readonly catalog: Catalog,
    pool: pg.Pool,
    roleSettings: RoleSettings,
    searchPath: string[],
    private readonly log: Logger,
  ) {
    this.visibility = { pool, roleSettings, searchPath, log };
  }

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
      const decoded = decodeChange(change, relation);
      const groups = this.match(decoded);
      if (groups.size > 0) work.push({ decoded, groups, verdicts: new Map() });
    }
    if (work.length === 0) return;

    // Decide per group what can be settled without the database.
    const checks: RlsChecks = new Map();
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
      await awaitVisible(this.visibility, [...xids]);
      await checkRls(this.visibility, checks);
    }

    for (const item of work) this.deliver(item);
  }

  private deliver(item: Work): void {
    // One data object per role and column choice, shared by every channel that asked for it.
    const byRoleAndSelect = new Map<string, string>();
    for (const [key, group] of item.groups) {
      const verdict = item.verdicts.get(key);
      if (!verdict || ('visible' in verdict && !verdict.visible)) continue;
      const dataFor = (select: ReadonlySet<string> | undefined, selectKey: string): string => {
        if ('error' in verdict) return errorData(item.decoded, verdict.error);
        const cacheKey = `${group.role}\0${selectKey}`;
        let json = byRoleAndSelect.get(cacheKey);
        if (json === undefined) {
          const selectable = item.decoded.relation.selectable.get(group.role) ?? new Set<string>();
          json = changeData(item.decoded, selectable, select);
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
