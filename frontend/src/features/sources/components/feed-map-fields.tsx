/** For each field the map fills, the sample's column it is read from; the type fixed or read through a table. */
import { Field, Grid, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { MAP_FIELDS, type MapField } from '@intel/feed-map';
import { INDICATOR_TYPES } from '@intel/model';
import { inertString } from '@/lib/security/inert-text';
import type { ColumnChoice, MapDraft } from '@/features/sources/utils/feed-map-draft';

const LABELS: Record<MapField, string> = {
  value: 'Value',
  type: 'Type',
  first_seen: 'First seen',
  last_seen: 'Last seen',
  description: 'Description',
  malware: 'Malware',
  labels: 'Labels',
  confidence: 'Confidence',
  tlp: 'TLP',
};
const FROM_COLUMN = '__column';

/** Select values: `n:<name>` for a header name or JSON key, `i:<n>` for a column number. */
const encode = (choice: ColumnChoice | undefined) =>
  choice === undefined ? '' : typeof choice === 'number' ? `i:${choice}` : `n:${choice}`;
const decode = (value: string): ColumnChoice | undefined =>
  value === '' ? undefined : value.startsWith('i:') ? Number(value.slice(2)) : value.slice(2);

function ColumnSelect({
  label,
  value,
  columns,
  byNumber,
  onChange,
}: {
  label: string;
  value: ColumnChoice | undefined;
  columns: string[];
  byNumber: boolean;
  onChange: (choice: ColumnChoice | undefined) => void;
}) {
  return (
    <NativeSelect.Root size="sm">
      <NativeSelect.Field
        aria-label={label}
        value={encode(value)}
        onChange={(e) => onChange(decode(e.target.value))}
      >
        <option value="">—</option>
        {columns.map((column, index) =>
          byNumber ? (
            <option key={index} value={`i:${index + 1}`}>
              {`Column ${index + 1} (${inertString(column).slice(0, 30)})`}
            </option>
          ) : (
            <option key={`${column}-${index}`} value={`n:${column}`}>
              {inertString(column).slice(0, 60)}
            </option>
          ),
        )}
        {value !== undefined && !columns.includes(String(value)) && typeof value === 'string' && (
          <option value={encode(value)}>{`${inertString(value)} (not in the sample)`}</option>
        )}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function FeedMapFields({
  draft,
  columns,
  typeValues,
  onChange,
}: {
  draft: MapDraft;
  columns: string[];
  typeValues: string[];
  onChange: (fields: MapDraft['fields']) => void;
}) {
  const byNumber = draft.format === 'csv' && !draft.header;
  const type = draft.fields.type;
  const set = (field: MapField, choice: unknown) => onChange({ ...draft.fields, [field]: choice });
  return (
    <Stack gap="3">
      <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="3">
        {MAP_FIELDS.map((field) =>
          field === 'type' ? (
            <Field.Root key={field} required>
              <Field.Label fontSize="sm">Type</Field.Label>
              <NativeSelect.Root size="sm">
                <NativeSelect.Field
                  aria-label="Type"
                  value={typeof type === 'object' ? FROM_COLUMN : (type ?? '')}
                  onChange={(e) =>
                    set(
                      'type',
                      e.target.value === FROM_COLUMN
                        ? { column: byNumber ? 1 : (columns[0] ?? ''), values: {} }
                        : e.target.value || undefined,
                    )
                  }
                >
                  <option value="">—</option>
                  <option value={FROM_COLUMN}>Read from a column…</option>
                  {INDICATOR_TYPES.map((t) => (
                    <option key={t} value={t}>{`Every row: ${t}`}</option>
                  ))}
                </NativeSelect.Field>
                <NativeSelect.Indicator />
              </NativeSelect.Root>
              {typeof type === 'object' && (
                <ColumnSelect
                  label="Type column"
                  value={type.column}
                  columns={columns}
                  byNumber={byNumber}
                  onChange={(column) => set('type', { ...type, column: column ?? '' })}
                />
              )}
            </Field.Root>
          ) : (
            <Field.Root key={field} required={field === 'value'}>
              <Field.Label fontSize="sm">{LABELS[field]}</Field.Label>
              <ColumnSelect
                label={LABELS[field]}
                value={draft.fields[field]}
                columns={columns}
                byNumber={byNumber}
                onChange={(choice) => set(field, choice)}
              />
            </Field.Root>
          ),
        )}
      </Grid>
      {typeof type === 'object' && typeValues.length > 0 && (
        <Stack gap="2" as="fieldset">
          <Text as="legend" fontSize="sm" fontWeight="medium">
            The sample's types, and ours: rows with a type left unmapped are rejected with their line (with
            none mapped, the column must hold our type names)
          </Text>
          <Grid templateColumns={{ base: '1fr', md: 'repeat(3, minmax(0, 1fr))' }} gap="2">
            {typeValues.map((value) => (
              <Field.Root key={value} orientation="horizontal" gap="2">
                <Field.Label fontSize="sm" minWidth="6rem" fontFamily="mono">
                  {inertString(value).slice(0, 30)}
                </Field.Label>
                <NativeSelect.Root size="sm">
                  <NativeSelect.Field
                    aria-label={`Our type for ${inertString(value)}`}
                    value={type.values[value] ?? ''}
                    onChange={(e) =>
                      set('type', { ...type, values: { ...type.values, [value]: e.target.value } })
                    }
                  >
                    <option value="">—</option>
                    {INDICATOR_TYPES.map((t) => (
                      <option key={t} value={t}>
                        {t}
                      </option>
                    ))}
                  </NativeSelect.Field>
                  <NativeSelect.Indicator />
                </NativeSelect.Root>
              </Field.Root>
            ))}
          </Grid>
        </Stack>
      )}
    </Stack>
  );
}
