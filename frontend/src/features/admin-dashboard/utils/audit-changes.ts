/**
 * An audit row's details as lines of text: "field: old → new" for changes, the row for creations and
 * deletions, else each detail. Values are JSON text, never markup.
 */
export interface ChangeLine {
  field: string;
  text: string;
}

function show(value: unknown): string {
  if (value === undefined) return '—';
  return typeof value === 'string' ? value : JSON.stringify(value);
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function auditChangeLines(details: unknown): ChangeLine[] {
  if (!isObject(details)) return [];
  const { changes, row } = details;
  if (isObject(changes)) {
    return Object.entries(changes).map(([field, change]) =>
      isObject(change) && ('from' in change || 'to' in change)
        ? { field, text: `${show(change.from)} → ${show(change.to)}` }
        : { field, text: show(change) },
    );
  }
  const source = isObject(row) ? row : details;
  return Object.entries(source).map(([field, value]) => ({ field, text: show(value) }));
}
