/** The map builder's draft as the administrator edits it, and the map document it stands for. */
import { MAP_FIELDS, type MapField } from '@intel/feed-map';

export type ColumnChoice = string | number;

export interface TypeFromColumn {
  column: ColumnChoice;
  values: Record<string, string>;
}

export interface MapDraft {
  format: 'csv' | 'json';
  delimiter: string;
  header: boolean;
  records: string;
  fields: Partial<Record<Exclude<MapField, 'type'>, ColumnChoice>> & { type?: string | TypeFromColumn };
}

export const EMPTY_DRAFT: MapDraft = { format: 'csv', delimiter: ',', header: true, records: '', fields: {} };

/** A stored map back into a draft (whatever is odd in it is left for the checks to name). */
export function draftOf(stored: unknown): MapDraft {
  if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return EMPTY_DRAFT;
  const map = stored as Record<string, unknown>;
  const type = (map.fields as MapDraft['fields'] | undefined)?.type;
  return {
    format: map.format === 'json' ? 'json' : 'csv',
    delimiter: typeof map.delimiter === 'string' ? map.delimiter : ',',
    header: map.header !== false,
    records: typeof map.records === 'string' ? map.records : '',
    fields: {
      ...((map.fields as MapDraft['fields'] | undefined) ?? {}),
      ...(typeof type === 'object'
        ? { type: { column: type.column, values: { ...(type.values ?? {}) } } }
        : {}),
    },
  };
}

/** The map document to check and save: only what applies to the format, no empty choices. */
export function mapDocument(draft: MapDraft): Record<string, unknown> {
  // In the order the builder shows them, so the saved document reads like the form.
  const fields: Record<string, unknown> = Object.fromEntries(
    MAP_FIELDS.map((field) => [field, draft.fields[field]] as const).filter(
      ([, value]) => value !== undefined && value !== '',
    ),
  );
  const type = draft.fields.type;
  if (typeof type === 'object') {
    const values = Object.fromEntries(Object.entries(type.values).filter(([, to]) => to !== ''));
    fields.type = Object.keys(values).length > 0 ? { column: type.column, values } : { column: type.column };
  }
  return draft.format === 'json'
    ? { format: 'json', ...(draft.records.trim() ? { records: draft.records.trim() } : {}), fields }
    : { format: 'csv', delimiter: draft.delimiter, header: draft.header, fields };
}
