/**
 * Rows for `COPY … FROM STDIN` in PostgreSQL's text format: tab-separated, `\N` for null,
 * backslash escapes for the characters that would break a row. Arrays go as array literals and
 * jsonb as JSON text, each escaped again for COPY. Hand-written because it is the hot path of
 * every import (one call per field) and the format is four rules.
 */

export type CopyValue = string | number | boolean | null | undefined | readonly string[] | CopyJson;

/** A value to send as jsonb. */
export class CopyJson {
  constructor(readonly value: unknown) {}
}

const NEEDS_ESCAPE = /[\\\t\n\r]/;

function escapeText(text: string): string {
  if (!NEEDS_ESCAPE.test(text)) return text;
  return text.replace(/[\\\t\n\r]/g, (c) =>
    c === '\\' ? '\\\\' : c === '\t' ? '\\t' : c === '\n' ? '\\n' : '\\r',
  );
}

/** A text[] literal: every element quoted, `"` and `\` escaped inside. */
function arrayLiteral(items: readonly string[]): string {
  if (items.length === 0) return '{}';
  return `{${items.map((item) => `"${item.replace(/[\\"]/g, (c) => `\\${c}`)}"`).join(',')}}`;
}

export function copyField(value: CopyValue): string {
  if (value === null || value === undefined) return '\\N';
  if (typeof value === 'string') return escapeText(value);
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new Error(`not a finite number: ${value}`);
    return String(value);
  }
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof CopyJson) return escapeText(JSON.stringify(value.value));
  return escapeText(arrayLiteral(value as readonly string[]));
}

export function copyRow(fields: readonly CopyValue[]): string {
  let line = '';
  for (let i = 0; i < fields.length; i++) line += (i === 0 ? '' : '\t') + copyField(fields[i]);
  return `${line}\n`;
}
