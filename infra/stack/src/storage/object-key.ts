/**
 * Object names and bucket ids as they arrive in request paths. supabase-js sends names unencoded
 * (the fetch layer percent-encodes what it must), so every segment is percent-decoded here, and
 * the decoded name is checked so that no name can walk out of its folder: names are only ever
 * database keys (bytes on disk are named after a random version id), but a name such as
 * "a/../b" would still alias another object in policies and listings, so it is refused.
 */
import { errors } from './errors.js';

export const MAX_KEY_BYTES = 1024;
/** True when `text` has a C0 control character or DEL (checked by code, not a control-char regex). */
function hasControlCharacter(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x20 || code === 0x7f) return true;
  }
  return false;
}
const BUCKET_NAME = /^[\w!\-.*'() &$@=;:+,?]+$/;

/** The request path below `prefix`, exactly as sent (escapes intact, `..` not resolved). */
export function rawPathBelow(requestUrl: string, prefix: string): string {
  let path = requestUrl;
  const query = path.indexOf('?');
  if (query >= 0) path = path.slice(0, query);
  // Absolute-form request targets (a proxy style "http://host/path") are reduced to the path.
  const scheme = /^[a-z][a-z0-9+.-]*:\/\/[^/]*/i.exec(path);
  if (scheme) path = path.slice(scheme[0].length);
  return path.startsWith(prefix) ? path.slice(prefix.length) : path;
}

/** Percent-decodes one path segment; a malformed escape is an invalid key. */
export function decodeSegment(segment: string): string {
  if (!segment.includes('%')) return segment;
  try {
    return decodeURIComponent(segment);
  } catch {
    throw errors.invalidKey(segment);
  }
}

/** Joins and decodes the segments that make up an object name, then validates it. */
export function objectKeyFromSegments(segments: string[]): string {
  return validateObjectKey(segments.map(decodeSegment).join('/'));
}

/**
 * Refuses names that are empty, too long, start with "/", contain a backslash or a control
 * character, or have an empty, "." or ".." segment. Returns the name unchanged otherwise.
 */
export function validateObjectKey(key: string): string {
  if (key === '' || Buffer.byteLength(key) > MAX_KEY_BYTES) throw errors.invalidKey(key);
  if (key.startsWith('/') || key.includes('\\') || hasControlCharacter(key)) throw errors.invalidKey(key);
  for (const segment of key.split('/')) {
    if (segment === '' || segment === '.' || segment === '..') throw errors.invalidKey(key);
  }
  return key;
}

/** Bucket ids follow storage's S3-safe rule (no slash), at most 100 characters, never "." or "..". */
export function isValidBucketName(name: string): boolean {
  return name.length <= 100 && BUCKET_NAME.test(name) && name !== '.' && name !== '..';
}

export function validateBucketName(name: unknown): string {
  if (typeof name !== 'string' || !isValidBucketName(name)) throw errors.invalidBucketName(String(name));
  return name;
}

/** A list prefix: "" for the bucket root, otherwise "folder/" or "a/b/" (decoded, validated). */
export function normalizeListPrefix(prefix: unknown): string {
  if (prefix === undefined || prefix === null || prefix === '') return '';
  if (typeof prefix !== 'string') throw errors.invalidParameter('prefix');
  const trimmed = prefix.replace(/^\/+/, '').replace(/\/+$/, '');
  if (trimmed === '') return '';
  return `${validateObjectKey(trimmed)}/`;
}
