// What the TAXII handler needs from the database. Every call but `authenticateKey` runs as the
// client's user (role authenticated, their claims), so row-level security decides what they see.
import type { ObjectQuery } from './protocol.ts';

export type Claims = Record<string, unknown> & { sub: string; role: 'authenticated' };

export interface CollectionRow {
  id: string;
  title: string;
  description: string;
  alias: string | null;
  can_read: boolean;
  can_write: boolean;
}

export interface ObjectRow {
  id: string;
  type: string;
  spec_version: string;
  version: string;
  /** TAXII timestamp with microseconds, exactly as stored (the cursor depends on it). */
  date_added: string;
  object: Record<string, unknown> | null;
}

export interface StatusRow {
  id: string;
  status: string;
  request_timestamp: string;
  total_count: number;
  success_count: number;
  failure_count: number;
  pending_count: number;
  successes: unknown[];
  failures: unknown[];
  pendings: unknown[];
}

export interface TaxiiStore {
  /** The user of a Basic credential (key id or e-mail, secret), or null. */
  authenticateKey(username: string, secret: string): Promise<string | null>;
  /** The claims of a bearer JWT the auth server accepts, or null. */
  authenticateJwt(token: string): Promise<Claims | null>;
  collections(claims: Claims): Promise<CollectionRow[]>;
  /** `limit + 1` rows at most, so the caller knows whether there are more. */
  objects(
    claims: Claims,
    collectionId: string,
    query: ObjectQuery,
    withObjects: boolean,
  ): Promise<ObjectRow[]>;
  addObjects(claims: Claims, collectionId: string, objects: unknown[]): Promise<string>;
  status(claims: Claims, id: string): Promise<StatusRow | null>;
  /** How many stored objects with this id the user could delete (RLS: administrators with MFA). */
  deleteObject(claims: Claims, id: string): Promise<number>;
}
