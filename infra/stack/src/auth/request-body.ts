/**
 * JSON request bodies read the way GoTrue's `retrieveRequestParams` reads them: the body must be a
 * JSON object, and a field of the wrong type is a `bad_json` error naming the field, like Go's
 * `json.Unmarshal` into a typed struct. Unknown fields are ignored.
 */
import type { IncomingMessage } from 'node:http';
import { PayloadTooLargeError, readBody } from '../kernel/http.js';
import { AuthApiError, badRequest } from './errors.js';

export type JsonObject = Record<string, unknown>;

function badJson(detail: string): AuthApiError {
  return badRequest('bad_json', `Could not parse request body as JSON: ${detail}`);
}

function jsonKind(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'array';
  return typeof value === 'object' ? 'object' : typeof value;
}

/** Parses body text; `allowEmpty` is for endpoints whose body is optional (logout, delete). */
export function parseJsonObject(text: string, allowEmpty = false): JsonObject {
  if (text.trim() === '') {
    if (allowEmpty) return {};
    throw badJson('unexpected end of JSON input');
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch (error) {
    throw badJson((error as Error).message);
  }
  if (parsed === null) return {};
  if (jsonKind(parsed) !== 'object')
    throw badJson(`json: cannot unmarshal ${jsonKind(parsed)} into Go value of type object`);
  return parsed as JsonObject;
}

export async function readJsonObject(
  req: IncomingMessage,
  maxBytes: number,
  allowEmpty = false,
): Promise<JsonObject> {
  let body: Buffer;
  try {
    body = await readBody(req, maxBytes);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) {
      throw new AuthApiError(
        413,
        'request_entity_too_large',
        `Request body too large (max ${maxBytes} bytes)`,
      );
    }
    throw error;
  }
  return parseJsonObject(body.toString('utf8'), allowEmpty);
}

function wrongType(field: string, value: unknown, expected: string): AuthApiError {
  return badJson(
    `json: cannot unmarshal ${jsonKind(value)} into Go struct field .${field} of type ${expected}`,
  );
}

/** A string field; absent or null gives undefined. */
export function optionalString(body: JsonObject, field: string): string | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw wrongType(field, value, 'string');
  return value;
}

export function stringOrEmpty(body: JsonObject, field: string): string {
  return optionalString(body, field) ?? '';
}

export function optionalBoolean(body: JsonObject, field: string): boolean | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw wrongType(field, value, 'bool');
  return value;
}

/** An object field (metadata maps); absent or null gives undefined. */
export function optionalObject(body: JsonObject, field: string): JsonObject | undefined {
  const value = body[field];
  if (value === undefined || value === null) return undefined;
  if (jsonKind(value) !== 'object') throw wrongType(field, value, 'map[string]interface {}');
  return value as JsonObject;
}
