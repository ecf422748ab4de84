/** The PAP of what an analyst writes (a case): the four levels, each with what it allows. */
import { Field, NativeSelect } from '@chakra-ui/react';
import { PAP_LEVELS, PAP_MEANING, papLabel, type PapLevel } from './pap-badge';

export function PapField({ value, onChange }: { value: PapLevel; onChange: (pap: PapLevel) => void }) {
  return (
    <Field.Root>
      <Field.Label>PAP</Field.Label>
      <NativeSelect.Root size="sm">
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value as PapLevel)}>
          {PAP_LEVELS.map((level) => (
            <option key={level} value={level}>
              {papLabel(level)}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Field.HelperText>{PAP_MEANING[value]}</Field.HelperText>
    </Field.Root>
  );
}
