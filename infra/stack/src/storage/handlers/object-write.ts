/**
 * Uploads (POST), updates (PUT) and signed uploads. The order keeps a failed upload from leaving
 * anything behind: bucket limits are read as service_role; the row write is first tried as the
 * caller and rolled back (policies and duplicates are refused before a byte is read); the body is
 * streamed to a temporary file under the size limit; the file is moved to its version's path;
 * only then is the row written for real, and if that fails the file is removed again. A project's
 * upload quota (upload-allowance.ts) is asked after the trial, before the body is read.
 */
import type pg from 'pg';
import { sendJson } from '../../kernel/http.js';
import type { StagedFile } from '../blob-store.js';
import { asCaller, asService, callerOf, ownerOf, type StorageCall } from '../call.js';
import { errors } from '../errors.js';
import { lit, jsonLit } from '../sql.js';
import { quotaRefusal, refuseBeyondAllowance, uploadAllowance } from '../upload-allowance.js';
import { checkDeclaredLength, isMultipart, rawMimeType, receiveUpload } from '../upload-body.js';

export interface BucketRow {
  id: string;
  public: boolean;
  fileSizeLimit: number | null;
  allowedMimeTypes: string[] | null;
}

/** A bucket as storage itself reads it (as superuser), or undefined. */
export async function findBucket(call: StorageCall, id: string): Promise<BucketRow | undefined> {
  const [result] = await asService(
    call,
    'storage.bucket.find',
    [`select id, public, file_size_limit, allowed_mime_types from storage.buckets where id = ${lit(id)}`],
    { readOnly: true },
  );
  const row = result!.rows[0] as
    | { id: string; public: boolean; file_size_limit: string | null; allowed_mime_types: string[] | null }
    | undefined;
  if (!row) return undefined;
  return {
    id: row.id,
    public: row.public === true,
    fileSizeLimit: row.file_size_limit === null ? null : Number(row.file_size_limit),
    allowedMimeTypes: row.allowed_mime_types,
  };
}

export async function requireBucket(call: StorageCall, id: string): Promise<BucketRow> {
  const bucket = await findBucket(call, id);
  if (!bucket) throw errors.noSuchBucket();
  return bucket;
}

export type Runner = (statements: string[], options?: { rollback?: boolean }) => Promise<pg.QueryResult[]>;

export interface ObjectWrite {
  bucket: BucketRow;
  name: string;
  upsert: boolean;
  owner: string | null;
  ownerId: string | null;
  /** Runs statements as whoever the write is for (the caller, or service_role for signed uploads). */
  run: Runner;
}

interface RowValues {
  version: string;
  metadata: Record<string, unknown> | null;
  userMetadata: Record<string, unknown> | null;
}

/**
 * The statements that write one object row: for an upsert, first the current version (locked, so
 * its file can be removed once the new row has committed), then the insert; the last statement
 * returns the row id.
 */
export function writeObjectSql(w: ObjectWrite, values: RowValues): string[] {
  const insert = `insert into storage.objects (bucket_id, name, owner, owner_id, metadata, user_metadata, version)
    values (${lit(w.bucket.id)}, ${lit(w.name)}, ${lit(w.owner)}, ${lit(w.ownerId)}, ${jsonLit(values.metadata)},
            ${jsonLit(values.userMetadata)}, ${lit(values.version)})`;
  if (!w.upsert) return [`${insert} returning id`];
  return [
    `select version from storage.objects where bucket_id = ${lit(w.bucket.id)} and name = ${lit(w.name)} for update`,
    `${insert}
    on conflict (bucket_id, name) do update set
      owner = excluded.owner, owner_id = excluded.owner_id, metadata = excluded.metadata,
      user_metadata = excluded.user_metadata, version = excluded.version,
      updated_at = now(), last_accessed_at = now()
    returning id`,
  ];
}

/** The smaller of the global and the bucket's limit. */
export function effectiveLimit(globalLimit: number, bucketLimit: number | null): number {
  return bucketLimit === null ? globalLimit : Math.min(globalLimit, bucketLimit);
}

/** Receives the body and stores it as `w`; returns the object's id. */
export async function storeUpload(call: StorageCall, w: ObjectWrite): Promise<string> {
  const limits = {
    maxBytes: effectiveLimit(call.ctx.config.storage.fileSizeLimit, w.bucket.fileSizeLimit),
    allowedMimeTypes: w.bucket.allowedMimeTypes,
  };
  // Cheap refusals first, from headers alone (multipart bodies are checked as they stream).
  if (!isMultipart(call.req)) {
    rawMimeType(call.req, limits);
    checkDeclaredLength(call.req, limits.maxBytes);
  }
  const version = call.store.newVersion();
  await w.run(writeObjectSql(w, { version, metadata: null, userMetadata: null }), { rollback: true });
  // The project's upload quota, if it has one: refused before the body is read when it cannot fit,
  // else the body is cut off where the quota ends.
  const allowance = await uploadAllowance(call, w.bucket.id, w.name);
  if (allowance) refuseBeyondAllowance(call.req, allowance);
  const bound = allowance !== undefined && allowance.bytes < limits.maxBytes;
  if (bound) limits.maxBytes = allowance.bytes;

  const upload = await receiveUpload(call.req, call.store, limits).catch((error: unknown) => {
    throw quotaRefusal(error, allowance, bound);
  });
  await commitFile(call, upload.staged, version);
  const metadata = {
    eTag: upload.staged.eTag,
    size: upload.staged.size,
    mimetype: upload.mimetype,
    cacheControl: upload.cacheControl,
    lastModified: new Date().toISOString(),
    contentLength: upload.staged.size,
    httpStatusCode: 200,
  };
  let results;
  try {
    results = await w.run(writeObjectSql(w, { version, metadata, userMetadata: upload.userMetadata }));
  } catch (error) {
    await call.store.remove([version]);
    throw error;
  }
  const previous = w.upsert ? (results[0]!.rows[0] as { version: string | null } | undefined)?.version : null;
  if (previous && previous !== version) await call.store.remove([previous]);
  return (results.at(-1)!.rows[0] as { id: string }).id;
}

async function commitFile(call: StorageCall, staged: StagedFile, version: string): Promise<void> {
  try {
    await call.store.commit(staged, version);
  } catch (error) {
    await call.store.discard(staged);
    throw error;
  }
}

export function sendUploaded(call: StorageCall, id: string, bucket: string, name: string): void {
  sendJson(call.res, 200, { Id: id, Key: `${bucket}/${name}` });
}

/** POST /object/{bucket}/{name} (x-upsert) and PUT (always replaces): as the caller. */
export async function uploadObject(
  call: StorageCall,
  bucketId: string,
  name: string,
  mode: 'upload' | 'update',
): Promise<void> {
  const caller = await callerOf(call);
  const bucket = await requireBucket(call, bucketId);
  const { owner, ownerId } = ownerOf(caller);
  const upsert = mode === 'update' || call.req.headers['x-upsert'] === 'true';
  const operation = `storage.object.${mode}`;
  const id = await storeUpload(call, {
    bucket,
    name,
    upsert,
    owner,
    ownerId,
    run: (statements, options) => asCaller(call, caller, operation, statements, options),
  });
  sendUploaded(call, id, bucketId, name);
}
