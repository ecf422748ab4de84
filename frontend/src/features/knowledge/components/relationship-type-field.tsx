/** The STIX 2.1 relationship type of a pair, chosen among those allowed for it (add and edit dialogs). */
import { Field, NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface RelationshipTypeFieldProps {
  types: readonly string[];
  value: string;
  onChange: (type: string) => void;
  helper?: ReactNode;
}

export function RelationshipTypeField({ types, value, onChange, helper }: RelationshipTypeFieldProps) {
  return (
    <Field.Root disabled={types.length === 0}>
      <Field.Label>Relationship type (STIX 2.1)</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {types.map((item) => (
            <option key={item} value={item}>
              {item}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      {helper && <Field.HelperText>{helper}</Field.HelperText>}
    </Field.Root>
  );
}
