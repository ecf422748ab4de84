// What the feeds function needs from the database: one feed's selection and version, and its
// candidate values page by page, all read in one snapshot; and the pull statistics.
import type { ControlRow } from '../_shared/controls/control-row.ts';
import type { IndicatorType, Tlp } from '../_shared/controls/model.ts';

export interface FeedRow {
  name: string;
  format: string;
  minScore: number;
  maxTlp: Tlp;
  /** null: every type the format carries. */
  types: IndicatorType[] | null;
  /** null: any source. */
  sourceIds: string[] | null;
  sourceNames: string[];
  /** SHA-256 of the feed's token. */
  tokenHash: Uint8Array;
  /** Changes whenever what the feed renders may change (selection, any write exports read, the hour). */
  version: string;
  /** The time the body says it was rendered as of (same for the same version). */
  renderedAt: Date;
  /** Scores and lifecycle are judged at this time (the start of the UTC hour). */
  judgedAt: Date;
}

export interface PageQuery {
  type: IndicatorType;
  sourceIds: string[] | null;
  maxTlp: Tlp;
  minScore: number;
  after: string;
  size: number;
  at: Date;
}

/** One open snapshot (a REPEATABLE READ, read-only transaction) of one feed. */
export interface FeedSnapshot {
  feed: FeedRow;
  page(query: PageQuery): Promise<ControlRow[]>;
  /** Ends the transaction; call it once, whatever happened. */
  close(): Promise<void>;
}

export interface FeedStore {
  /** The feed's snapshot, or null (the transaction already ended) when no feed has this id. */
  open(id: string): Promise<FeedSnapshot | null>;
  /** Counts an authorised pull from `from`; returns the feed's Last-Modified. */
  recordPull(id: string, from: string | null, version: string): Promise<Date>;
}
