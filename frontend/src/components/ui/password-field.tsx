/** A labelled password input; `autoComplete` tells a password manager which password it is. */
import { Field, Input } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface PasswordFieldProps {
  label: string;
  autoComplete: 'current-password' | 'new-password';
  value: string;
  onChange: (value: string) => void;
  helperText?: ReactNode;
}

export function PasswordField({ label, autoComplete, value, onChange, helperText }: PasswordFieldProps) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <Input
        type="password"
        autoComplete={autoComplete}
        value={value}
        onChange={(event) => onChange(event.target.value)}
      />
      {helperText && <Field.HelperText>{helperText}</Field.HelperText>}
    </Field.Root>
  );
}
