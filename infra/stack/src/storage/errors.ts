/**
 * Storage's error contract (supabase/storage `StorageBackendError`): the body carries the real
 * status as a string in `statusCode`, plus `code`, `error` and `message`, while the HTTP status is
 * 400 for every error that is not a server fault. storage-js reads `statusCode` first.
 */
import type { ServerResponse } from 'node:http';
import { isConnectionError } from '../kernel/db.js';
import { JwtError } from '../kernel/jwt.js';
import { SqlTextError } from '../kernel/sql-text.js';

export class StorageError extends Error {
  constructor(
    /** The status storage reports in the body's `statusCode`. */
    readonly statusCode: number,
    readonly code: string,
    message: string,
    /** The short legacy `error` text; defaults to the code. */
    readonly error: string = code,
    /** HTTP status of the response; storage answers 400 unless the fault is the server's. */
    readonly httpStatus: number = statusCode >= 500 ? 500 : 400,
  ) {
    super(message);
    this.name = 'StorageError';
  }

  render(): { statusCode: string; code: string; error: string; message: string } {
    return { statusCode: String(this.statusCode), code: this.code, error: this.error, message: this.message };
  }
}

export const errors = {
  noSuchKey: () => new StorageError(404, 'NoSuchKey', 'Object not found', 'not_found'),
  noSuchBucket: () => new StorageError(404, 'NoSuchBucket', 'Bucket not found', 'Bucket not found'),
  alreadyExists: () =>
    new StorageError(409, 'ResourceAlreadyExists', 'The resource already exists', 'Duplicate'),
  accessDenied: (message = 'Access denied') => new StorageError(403, 'AccessDenied', message, 'Unauthorized'),
  invalidJwt: (message = 'Invalid JWT') => new StorageError(400, 'InvalidJWT', message),
  invalidSignature: (message = 'Invalid signature') => new StorageError(400, 'InvalidSignature', message),
  entityTooLarge: (entity = 'object') =>
    new StorageError(
      413,
      'EntityTooLarge',
      `The ${entity} exceeded the maximum allowed size`,
      'Payload too large',
    ),
  /** An upload quota (see upload-allowance.ts) would be exceeded: 413 with the quota's reason. */
  quotaExceeded: (reason: string) => new StorageError(413, 'EntityTooLarge', reason, 'Payload too large'),
  invalidMimeType: (mimeType: string) =>
    new StorageError(415, 'InvalidMimeType', `mime type ${mimeType} is not supported`, 'invalid_mime_type'),
  invalidKey: (key: string) => new StorageError(400, 'InvalidKey', `Invalid key: ${key}`),
  invalidBucketName: (name: string) =>
    new StorageError(400, 'InvalidBucketName', `Bucket name invalid: ${name}`, 'Invalid Input'),
  missingParameter: (name: string) =>
    new StorageError(400, 'MissingParameter', `Missing Required Parameter ${name}`),
  invalidParameter: (name: string, detail?: string) =>
    new StorageError(400, 'MissingParameter', `Invalid Parameter ${name}${detail ? `: ${detail}` : ''}`),
  invalidRequest: (message: string) => new StorageError(400, 'InvalidRequest', message),
  invalidRange: () => new StorageError(400, 'InvalidRange', 'invalid range provided', 'invalid_range', 416),
  bucketNotEmpty: () =>
    new StorageError(409, 'InvalidRequest', 'The bucket you tried to delete is not empty'),
  notFound: () => new StorageError(404, 'NotFound', 'Route not found', 'Not Found'),
  databaseTimeout: () =>
    new StorageError(
      544,
      'DatabaseTimeout',
      'The connection to the database timed out',
      'DatabaseTimeout',
      544,
    ),
  databaseUnavailable: () =>
    new StorageError(503, 'DatabaseError', 'Database unavailable', 'DatabaseError', 503),
  internal: (message = 'Internal server error') => new StorageError(500, 'InternalError', message),
};

interface PgErrorLike {
  code?: string;
  message?: string;
}

/**
 * Any failure as a StorageError: Postgres errors by SQLSTATE (42501 is an RLS or privilege denial,
 * 23505 a duplicate), JWT failures as AccessDenied, anything unknown as a 500.
 */
export function toStorageError(error: unknown): StorageError {
  if (error instanceof StorageError) return error;
  if (error instanceof JwtError) return errors.accessDenied(error.message);
  if (error instanceof SqlTextError) return errors.invalidRequest(error.message);
  if (isConnectionError(error)) return errors.databaseUnavailable();
  const pg = error as PgErrorLike;
  const code = typeof pg.code === 'string' ? pg.code : '';
  const message = pg.message ?? 'Internal server error';
  if (code === '42501') return errors.accessDenied(message);
  if (code === '23505') return errors.alreadyExists();
  if (code === '57014') return errors.databaseTimeout();
  // 53100 (disk_full) raised by a project's quota trigger: the upload would pass a quota.
  if (code === '53100') return errors.quotaExceeded(message);
  if (/^(22|23|P0)/.test(code)) return errors.invalidRequest(message);
  return errors.internal(code ? message : 'Internal server error');
}

export function sendStorageError(res: ServerResponse, error: StorageError, headOnly = false): void {
  const text = JSON.stringify(error.render());
  res.writeHead(error.httpStatus, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...(error.statusCode === 404 ? { 'Cache-Control': 'no-store' } : {}),
  });
  res.end(headOnly ? undefined : text);
}
