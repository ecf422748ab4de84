/**
 * Phoenix Presence for one gateway process: per topic, the metas each channel tracked under its
 * presence key. Produces `presence_state` (`{key: {metas: [...]}}`) and the `{joins, leaves}` of
 * `presence_diff`; an update replaces the channel's meta, carrying `phx_ref_prev` as Phoenix does.
 */
import { randomBytes } from 'node:crypto';

export type Meta = Record<string, unknown> & { phx_ref: string };
export type PresenceMap = Record<string, { metas: Meta[] }>;

export interface PresenceDiff {
  joins: PresenceMap;
  leaves: PresenceMap;
}

/** Anything that tracks presence: one joined channel. */
export interface PresenceOwner {
  presenceKey: string;
}

export function presenceRef(): string {
  return randomBytes(9).toString('base64url');
}

export class PresenceStore {
  private readonly topics = new Map<string, Map<PresenceOwner, Meta>>();

  /** Adds or replaces the owner's meta; returns the diff to broadcast. */
  track(topicKey: string, owner: PresenceOwner, payload: Record<string, unknown>): PresenceDiff {
    let entries = this.topics.get(topicKey);
    if (!entries) {
      entries = new Map();
      this.topics.set(topicKey, entries);
    }
    const previous = entries.get(owner);
    const meta: Meta = { ...payload, phx_ref: presenceRef() };
    if (previous) meta.phx_ref_prev = previous.phx_ref;
    entries.set(owner, meta);
    const diff: PresenceDiff = { joins: { [owner.presenceKey]: { metas: [meta] } }, leaves: {} };
    if (previous) diff.leaves[owner.presenceKey] = { metas: [previous] };
    return diff;
  }

  /** Removes the owner's meta; returns the diff, or undefined when it tracked nothing. */
  untrack(topicKey: string, owner: PresenceOwner): PresenceDiff | undefined {
    const entries = this.topics.get(topicKey);
    const previous = entries?.get(owner);
    if (!entries || !previous) return undefined;
    entries.delete(owner);
    if (entries.size === 0) this.topics.delete(topicKey);
    return { joins: {}, leaves: { [owner.presenceKey]: { metas: [previous] } } };
  }

  state(topicKey: string): PresenceMap {
    const out: PresenceMap = {};
    for (const [owner, meta] of this.topics.get(topicKey) ?? []) {
      (out[owner.presenceKey] ??= { metas: [] }).metas.push(meta);
    }
    return out;
  }

  isTracking(topicKey: string, owner: PresenceOwner): boolean {
    return this.topics.get(topicKey)?.has(owner) ?? false;
  }
}
