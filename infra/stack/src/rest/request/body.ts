/**
 * Request bodies: read under the size cap (413), then JSON checked the way PostgREST's payload
 * parser checks it (invalid JSON and non-uniform keys are PGRST102). The raw text is kept and
 * handed to Postgres as is.
 */
import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeError, readBody } from '../../kernel/http.js';
import { invalidBody, RestError } from '../errors.js';

export type BodyKind = 'json' | 'form' | 'text' | 'xml' | 'binary';

export interface ParsedBody {
  kind: BodyKind;
  /** JSON text for json/form bodies (form fields become a JSON object of strings); raw text otherwise. */
  text: string;
  /** The parsed JSON value (json/form). */
  value: unknown;
  /** Keys of the object, or of the first object of an array (json/form). */
  keys: string[];
  isArray: boolean;
  empty: boolean;
}

export function bodyKind(contentType: string | undefined): BodyKind | undefined {
  const mime = (contentType ?? 'application/json').split(';')[0]!.trim().toLowerCase();
  if (mime === 'application/json' || mime === '' || mime.endsWith('+json')) return 'json';
  if (mime === 'application/x-www-form-urlencoded') return 'form';
  if (mime === 'text/plain') return 'text';
  if (mime === 'text/xml') return 'xml';
  if (mime === 'application/octet-stream') return 'binary';
  return undefined;
}

export async function readRequestBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  try {
    return await readBody(req, maxBytes);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) {
      throw new RestError(
        413,
        'PGRST102',
        'Request body too large',
        `The request body is larger than the limit of ${maxBytes} bytes`,
      );
    }
    throw error;
  }
}

function uniformKeys(value: unknown): { keys: string[]; isArray: boolean } | undefined {
  if (Array.isArray(value)) {
    if (value.length === 0) return { keys: [], isArray: true };
    const first = value[0] as unknown;
    if (typeof first !== 'object' || first === null || Array.isArray(first)) return undefined;
    const keys = Object.keys(first);
    const canonical = [...keys].sort().join('\u0000');
    const uniform = value.every(
      (v: unknown) =>
        typeof v === 'object' &&
        v !== null &&
        !Array.isArray(v) &&
        Object.keys(v).sort().join('\u0000') === canonical,
    );
    return uniform ? { keys, isArray: true } : undefined;
  }
  if (typeof value === 'object' && value !== null) return { keys: Object.keys(value), isArray: false };
  return { keys: [], isArray: true };
}

/**
 * `columns` (the `columns=` parameter) replaces the body's keys and skips the uniformity check.
 * `emptyAsObject`: an empty RPC body means no arguments.
 */
export function parseJsonBody(
  raw: Buffer,
  kind: BodyKind,
  columns: string[] | undefined,
  emptyAsObject: boolean,
): ParsedBody {
  let text = raw.toString('utf8');
  const empty = text.trim() === '';
  let value: unknown;
  if (kind === 'form') {
    value = Object.fromEntries(new URLSearchParams(text));
    text = JSON.stringify(value);
  } else if (empty && emptyAsObject) {
    value = {};
    text = '{}';
  } else {
    try {
      value = JSON.parse(text) as unknown;
    } catch {
      throw invalidBody('Empty or invalid json');
    }
  }
  if (columns) {
    const isArray = Array.isArray(value);
    if (!isArray && (typeof value !== 'object' || value === null))
      return { kind, text: '[]', value: [], keys: columns, isArray: true, empty };
    return { kind, text, value, keys: columns, isArray, empty };
  }
  const shape = uniformKeys(value);
  if (!shape) throw invalidBody('All object keys must match');
  if (!Array.isArray(value) && (typeof value !== 'object' || value === null)) {
    return { kind, text: '[]', value: [], keys: [], isArray: true, empty };
  }
  return { kind, text, value, keys: shape.keys, isArray: shape.isArray, empty };
}
