/**
 * Reads an upload body the two ways storage-js sends one, streaming the file to a temporary file
 * (never into memory) with the size limit enforced as bytes arrive:
 * - multipart/form-data (Blob, File, FormData): text fields `cacheControl` and `metadata` (JSON),
 *   then the file part, named "" by storage-js; the part's own content type is the mimetype;
 * - a raw body (ArrayBuffer, string, stream): `content-type`, `cache-control` and `x-metadata`
 *   (base64 JSON) headers.
 */
import type { IncomingMessage } from 'node:http';
import type { Readable } from 'node:stream';
import busboy from 'busboy';
import type { BlobStore, StagedFile } from './blob-store.js';
import { errors } from './errors.js';
import { mimeAllowed } from './mime.js';

export interface UploadLimits {
  maxBytes: number;
  allowedMimeTypes: string[] | null;
}

export interface ReceivedUpload {
  staged: StagedFile;
  mimetype: string;
  cacheControl: string;
  userMetadata: Record<string, unknown> | null;
}

const DEFAULT_CONTENT_TYPE = 'application/octet-stream';

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

export function isMultipart(req: IncomingMessage): boolean {
  return /^multipart\/form-data/i.test(header(req, 'content-type') ?? '');
}

/** `metadata` text as storage takes it: a JSON object, or nothing. */
export function parseUserMetadata(text: string | undefined): Record<string, unknown> | null {
  if (text === undefined || text === '') return null;
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw errors.invalidRequest('Invalid metadata: not JSON');
  }
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    throw errors.invalidRequest('Invalid metadata: must be a JSON object');
  }
  return value as Record<string, unknown>;
}

/** `x-metadata` header: base64 of the JSON text. */
export function parseMetadataHeader(value: string | undefined): Record<string, unknown> | null {
  if (value === undefined || value === '') return null;
  return parseUserMetadata(Buffer.from(value, 'base64').toString('utf8'));
}

/** A `cacheControl` form field is seconds ("3600"); storage stores it as a header value. */
export function cacheControlFromField(value: string | undefined): string {
  if (value === undefined || value.trim() === '') return 'no-cache';
  return /^\d+$/.test(value.trim()) ? `max-age=${value.trim()}` : value.trim();
}

/** Refuses a declared body length over the limit before a byte is read (raw bodies only). */
export function checkDeclaredLength(req: IncomingMessage, maxBytes: number): void {
  const declared = Number(header(req, 'content-length') ?? NaN);
  if (Number.isFinite(declared) && declared > maxBytes && !isMultipart(req)) throw errors.entityTooLarge();
}

/** The declared mimetype of a raw body, checked against the bucket before anything is read. */
export function rawMimeType(req: IncomingMessage, limits: UploadLimits): string {
  const mimetype = header(req, 'content-type') || DEFAULT_CONTENT_TYPE;
  if (!mimeAllowed(mimetype, limits.allowedMimeTypes)) throw errors.invalidMimeType(mimetype);
  return mimetype;
}

export async function receiveUpload(
  req: IncomingMessage,
  store: BlobStore,
  limits: UploadLimits,
): Promise<ReceivedUpload> {
  if (isMultipart(req)) return receiveMultipart(req, store, limits);
  const mimetype = rawMimeType(req, limits);
  checkDeclaredLength(req, limits.maxBytes);
  const userMetadata = parseMetadataHeader(header(req, 'x-metadata'));
  const staged = await store.stage(req, limits.maxBytes);
  return { staged, mimetype, cacheControl: header(req, 'cache-control') || 'no-cache', userMetadata };
}

function receiveMultipart(
  req: IncomingMessage,
  store: BlobStore,
  limits: UploadLimits,
): Promise<ReceivedUpload> {
  return new Promise((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        limits: { files: 1, fields: 16, parts: 32, fieldSize: 256 * 1024, headerPairs: 64 },
      });
    } catch (error) {
      reject(errors.invalidRequest(`Invalid multipart body: ${(error as Error).message}`));
      return;
    }
    const fields: Record<string, string> = {};
    let file: Readable | undefined;
    let staging: Promise<StagedFile> | undefined;
    let mimetype = DEFAULT_CONTENT_TYPE;
    let settled = false;

    const fail = (error: unknown): void => {
      if (settled) return;
      settled = true;
      // Stop parsing, let the rest of the body drain so the error response can be read, and make
      // sure a half-written temporary file is removed.
      req.unpipe(parser);
      req.resume();
      file?.destroy();
      staging?.then((staged) => store.discard(staged)).catch(() => undefined);
      reject(error);
    };

    parser.on('field', (name, value) => {
      fields[name] = value;
    });
    parser.on('file', (_name, stream, info) => {
      // A part cut short (client gone, malformed body) errors its stream; unheard, that error
      // would end the process. Failures reach the upload through `stage` and `fail` instead.
      stream.on('error', () => undefined);
      if (settled || staging) {
        stream.resume();
        return;
      }
      mimetype = info.mimeType || DEFAULT_CONTENT_TYPE;
      if (!mimeAllowed(mimetype, limits.allowedMimeTypes)) {
        stream.resume();
        fail(errors.invalidMimeType(mimetype));
        return;
      }
      file = stream;
      staging = store.stage(stream, limits.maxBytes);
      staging.catch(fail);
    });
    parser.on('error', (error: Error) =>
      fail(errors.invalidRequest(`Invalid multipart body: ${error.message}`)),
    );
    parser.on('close', () => {
      if (settled) return;
      if (!staging) {
        fail(errors.invalidRequest('No content provided'));
        return;
      }
      staging.then((staged) => {
        if (settled) return;
        try {
          const userMetadata = parseUserMetadata(fields.metadata);
          settled = true;
          resolve({
            staged,
            mimetype,
            cacheControl: cacheControlFromField(fields.cacheControl),
            userMetadata,
          });
        } catch (error) {
          void store.discard(staged);
          fail(error);
        }
      }, fail);
    });
    req.on('close', () => {
      if (!req.complete) fail(errors.invalidRequest('Upload aborted by the client'));
    });
    req.pipe(parser);
  });
}
