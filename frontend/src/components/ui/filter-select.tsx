/** A compact native select for filter bars: native for speed and keyboard, labelled for screen readers. */
import { NativeSelect } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FilterSelectProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  children: ReactNode;
}

export function FilterSelect({ label, value, onChange, children }: FilterSelectProps) {
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field aria-label={label} value={value} onChange={(event) => onChange(event.target.value)}>
        {children}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}
