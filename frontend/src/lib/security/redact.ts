/**
 * Redaction for everything the logger keeps (SPEC §5: sensitive words, SQL keywords, script tags) and for
 * objects passed to console.* (field names). Hygiene, not a security boundary (reference/security.md §1.1):
 * the aim is that credentials and personal data never land in a log entry.
 */

export const REDACTED = '[REDACTED]';

// A name that ENDS in a secret word (access_token, apiKey, x-auth-token, Authorization), so event names
// such as auth_refresh_error keep their reason. Bounded repeats keep the pattern linear on long words.
const SENSITIVE_WORD = String.raw`[\w-]{0,40}(?:password|passwd|pwd|token|secret|key|auth|authorization|credentials?|jwt)s?`;

/** A secret written as `word = value` / `word: value` / `"word":"value"`: keep the word, drop the value. */
const SENSITIVE_ASSIGNMENT = new RegExp(
  String.raw`(["']?\b${SENSITIVE_WORD}["']?\s*[:=]\s*)("[^"]*"|'[^']*'|[^\s,;&}]+)`,
  'gi',
);
const BEARER = /\b(bearer|basic)\s+[\w.~+/=-]{8,}/gi;
/** Three base64url parts starting with `eyJ` are a JWT whatever they are called. */
const JWT = /\beyJ[\w-]{5,}\.[\w-]{5,}\.[\w-]*/g;

/** Statement-shaped SQL only, so that "failed to update alert" stays readable. */
const SQL_FRAGMENTS: readonly RegExp[] = [
  /\bunion\s+(?:all\s+)?select\b/gi,
  /\bselect\b[^;]{0,200}?\bfrom\b/gi,
  /\binsert\s+into\b/gi,
  /\bdelete\s+from\b/gi,
  /\bupdate\s+[\w."]+\s+set\b/gi,
  /\b(?:drop|truncate|alter|create)\s+(?:table|database|schema|function|role|user|index|view)\b/gi,
  /\bexec(?:ute)?\s*\(/gi,
  /\b(?:or|and)\s+['"]?\d+['"]?\s*=\s*['"]?\d+/gi,
  /;\s*--/g,
];

const SCRIPT_BLOCK = /<\s*script\b[^>]*>[\s\S]*?<\s*\/\s*script\s*>/gi;
const SCRIPT_TAG = /<\s*\/?\s*script\b[^>]*>?/gi;

export interface RedactionResult {
  text: string;
  changed: boolean;
}

/** Redacts secrets, SQL statements and script tags in free text. */
export function redactText(input: string): RedactionResult {
  let text = input
    .replace(SCRIPT_BLOCK, '[SCRIPT]')
    .replace(SCRIPT_TAG, '[SCRIPT]')
    .replace(JWT, REDACTED)
    .replace(BEARER, (_m, scheme: string) => `${scheme} ${REDACTED}`)
    .replace(SENSITIVE_ASSIGNMENT, (_m, name: string) => `${name}${REDACTED}`);
  for (const fragment of SQL_FRAGMENTS) text = text.replace(fragment, '[SQL]');
  return { text, changed: text !== input };
}

/** Field names the logger treats as secret (SPEC §5 "sensitive words"). */
export const LOGGER_SENSITIVE_FIELDS = ['password', 'token', 'secret', 'key', 'auth', 'credential'] as const;

/** Field names console output hides (SPEC §5, console redirect). */
export const CONSOLE_SENSITIVE_FIELDS = [
  ...LOGGER_SENSITIVE_FIELDS,
  'email',
  'user_id',
  'session_id',
  'jwt',
] as const;

/** `userId`, `user-id` and `USER_ID` all read as `user_id`. */
function normaliseFieldName(name: string): string {
  return name
    .replace(/([a-z0-9])([A-Z])/g, '$1_$2')
    .replace(/[-\s.]+/g, '_')
    .toLowerCase();
}

export function isSensitiveField(name: string, fields: readonly string[]): boolean {
  const normalised = normaliseFieldName(name);
  const compact = normalised.replace(/_/g, '');
  return fields.some((field) => normalised.includes(field) || compact.includes(field.replace(/_/g, '')));
}

const MAX_DEPTH = 6;

/**
 * A JSON-safe copy of `value` with sensitive fields replaced and strings redacted. Cycles, functions,
 * errors and very deep objects are turned into descriptions so a log call can never throw.
 */
export function redactValue(value: unknown, fields: readonly string[], tracker?: RedactionTracker): unknown {
  return redactInner(value, fields, tracker ?? { changed: false }, new WeakSet(), 0);
}

/** Set to true when redaction altered anything (the log entry's `sanitized` flag). */
export interface RedactionTracker {
  changed: boolean;
}

function redactInner(
  value: unknown,
  fields: readonly string[],
  tracker: RedactionTracker,
  seen: WeakSet<object>,
  depth: number,
): unknown {
  if (typeof value === 'string') {
    const result = redactText(value);
    if (result.changed) tracker.changed = true;
    return result.text;
  }
  if (value === null || typeof value === 'number' || typeof value === 'boolean') return value;
  if (typeof value === 'bigint') return value.toString();
  if (typeof value === 'undefined') return undefined;
  if (typeof value === 'function' || typeof value === 'symbol') return `[${typeof value}]`;
  if (value instanceof Error) {
    return { name: value.name, message: redactInner(value.message, fields, tracker, seen, depth) };
  }
  if (value instanceof Date) return value.toISOString();
  const object = value as object;
  if (seen.has(object)) return '[Circular]';
  if (depth >= MAX_DEPTH) return '[Object]';
  seen.add(object);
  if (Array.isArray(object)) return object.map((item) => redactInner(item, fields, tracker, seen, depth + 1));
  const copy: Record<string, unknown> = {};
  for (const [name, field] of Object.entries(object)) {
    if (isSensitiveField(name, fields)) {
      copy[name] = REDACTED;
      tracker.changed = true;
    } else {
      copy[name] = redactInner(field, fields, tracker, seen, depth + 1);
    }
  }
  return copy;
}
