/**
 * A feed map: how the rows of a CSV or the records of a JSON document that no importer knows become
 * indicators, written by an administrator instead of code (issue 30 §3). The same module runs in the
 * importer (Node), in the app's map builder (a browser worker) and is checked again by the database
 * (private.feed_map_problem), so a map means one thing everywhere. No Node API here.
 *
 *   {"format": "csv", "delimiter": ";", "header": true,
 *    "fields": {"value": "indicator", "type": {"column": "kind", "values": {"ip": "ipv4"}},
 *               "first_seen": 3, "labels": "tags", "tlp": "marking"}}
 *
 * A column is a header name or a 1-based index (CSV); a dotted key path inside the record (JSON).
 */
import { z } from 'zod';
import { INDICATOR_TYPES } from '../../../../supabase/functions/_shared/controls/model.js';

/** The fields a map can fill, in the order the builder and the dry run show them. */
export const MAP_FIELDS = [
  'value',
  'type',
  'first_seen',
  'last_seen',
  'description',
  'malware',
  'labels',
  'confidence',
  'tlp',
] as const;
export type MapField = (typeof MAP_FIELDS)[number];
export const OPTIONAL_FIELDS = MAP_FIELDS.filter((f) => f !== 'value' && f !== 'type');

const MISSING = 'is missing';
const column = z.union(
  [
    z
      .string()
      .trim()
      .min(1, 'a column name is empty')
      .max(200, 'a column name is longer than 200 characters'),
    z.int('a column index is a whole number').min(1, 'column indexes start at 1').max(10_000),
  ],
  {
    error: (issue) =>
      issue.input === undefined ? MISSING : 'a column is a header name (text) or a number from 1',
  },
);
export type ColumnRef = z.infer<typeof column>;

const indicatorType = z.enum(INDICATOR_TYPES, {
  error: (issue) => `"${String(issue.input)}" is not an indicator type (${INDICATOR_TYPES.join(', ')})`,
});

const typeFromColumn = z.strictObject({
  column,
  /** The feed's own words → our types; compared trimmed and case-insensitively. Absent: the column holds our type names. */
  values: z.record(z.string().max(200), indicatorType).optional(),
});

export const feedMapSchema = z
  .strictObject({
    format: z.enum(['csv', 'json'], { error: 'format is "csv" or "json"' }).default('csv'),
    delimiter: z
      .string()
      .refine((d) => d.length === 1 && d !== '"' && d !== '\n' && d !== '\r', {
        message: 'delimiter is one character (not a quote or a line break), e.g. ";" or "\\t"',
      })
      .default(','),
    header: z.boolean({ error: 'header is true or false' }).default(true),
    /** JSON only: the dotted path of the array of records (`data.iocs`); empty or absent: the document is the array. */
    records: z
      .string()
      .max(200)
      .regex(/^[^.]+(\.[^.]+)*$|^$/, 'records is a dotted path such as "data.items"')
      .optional(),
    /** Between the items of a labels or malware cell. */
    list_separator: z.string().min(1).max(3).default(','),
    fields: z.strictObject(
      {
        value: column,
        // Our type name, or a column read through `values`; said with the one that fits the input.
        type: z.unknown().transform((input, ctx) => {
          if (input === undefined) {
            ctx.addIssue({ code: 'custom', message: MISSING });
            return z.NEVER;
          }
          const result = (typeof input === 'string' ? indicatorType : typeFromColumn).safeParse(input);
          if (result.success) return result.data;
          for (const issue of result.error.issues)
            ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path });
          return z.NEVER;
        }),
        first_seen: column.optional(),
        last_seen: column.optional(),
        description: column.optional(),
        malware: column.optional(),
        labels: column.optional(),
        confidence: column.optional(),
        tlp: column.optional(),
      },
      { error: (issue) => (issue.code === 'unrecognized_keys' ? undefined : 'fields is an object') },
    ),
  })
  .superRefine((map, ctx) => {
    if (map.format === 'json') {
      for (const [field, ref] of columnRefs(map))
        if (typeof ref === 'number')
          ctx.addIssue({
            code: 'custom',
            path: ['fields', field],
            message: 'a JSON map names keys (a dotted path in the record), not column numbers',
          });
    } else {
      if (map.records !== undefined)
        ctx.addIssue({ code: 'custom', path: ['records'], message: 'records is for JSON maps only' });
      if (!map.header)
        for (const [field, ref] of columnRefs(map))
          if (typeof ref === 'string')
            ctx.addIssue({
              code: 'custom',
              path: ['fields', field],
              message: `the file has no header ("header": false), so "${ref}" cannot be found: use its column number`,
            });
    }
  });
export type FeedMap = z.output<typeof feedMapSchema>;

/** The map is not usable; `problems` are plain sentences, one per fault. */
export class FeedMapError extends Error {
  override name = 'FeedMapError';
  constructor(readonly problems: string[]) {
    super(`the map is not valid: ${problems.join('; ')}`);
  }
}

/** Every column the map reads, with the field it fills. */
export function columnRefs(map: Pick<FeedMap, 'fields'>): [MapField, ColumnRef][] {
  const refs: [MapField, ColumnRef][] = [];
  for (const field of MAP_FIELDS) {
    const spec = map.fields[field];
    if (spec === undefined) continue;
    if (field === 'type') {
      if (typeof spec === 'object') refs.push(['type', (spec as { column: ColumnRef }).column]);
    } else refs.push([field, spec as ColumnRef]);
  }
  return refs;
}

/** Checks a parsed map document (the contents of map.json, or a source's stored map). */
export function parseFeedMap(input: unknown): FeedMap {
  const result = feedMapSchema.safeParse(input);
  if (result.success) return result.data;
  throw new FeedMapError(
    result.error.issues.map((issue) => {
      const where = issue.path.join('.');
      if (issue.code === 'unrecognized_keys')
        return `${where ? `${where}: ` : ''}unknown ${issue.keys.length > 1 ? 'keys' : 'key'} ${issue.keys.map((k) => `"${k}"`).join(', ')}`;
      if (issue.message === MISSING || (issue.code === 'invalid_type' && issue.input === undefined))
        return `${where} is missing`;
      return where ? `${where}: ${issue.message}` : issue.message;
    }),
  );
}

/** map.json's text → a checked map; a syntax error is said as such. */
export function parseFeedMapText(text: string): FeedMap {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new FeedMapError([`it is not JSON (${(error as Error).message})`]);
  }
  return parseFeedMap(json);
}
