/** A six-digit code from the authenticator app, checked for shape here and by the server for the rest. */
import { Button, Field, Input, Stack } from '@chakra-ui/react';
import { useId, useState, type FormEvent } from 'react';

export function FactorCodeForm({
  submitLabel,
  busy,
  serverError,
  onCode,
}: {
  submitLabel: string;
  busy: boolean;
  /** The server's refusal in words, shown under the field. */
  serverError: string | null;
  onCode: (code: string) => void;
}) {
  const [code, setCode] = useState('');
  const [shapeError, setShapeError] = useState<string | null>(null);
  const hintId = useId();
  const error = shapeError ?? serverError;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const candidate = code.replace(/\s/g, '');
    if (!/^\d{6}$/.test(candidate)) {
      setShapeError('Enter the 6-digit code from your authenticator app.');
      return;
    }
    setShapeError(null);
    setCode('');
    onCode(candidate);
  };

  return (
    <form onSubmit={submit} autoComplete="off" noValidate>
      <Stack gap="3" maxW="sm">
        <Field.Root invalid={error !== null}>
          <Field.Label>Authentication code</Field.Label>
          <Input
            value={code}
            onChange={(event) => setCode(event.target.value)}
            autoComplete="one-time-code"
            inputMode="numeric"
            maxLength={7}
            aria-describedby={hintId}
          />
          <Field.HelperText id={hintId}>The 6-digit code your authenticator app shows now.</Field.HelperText>
          {error && <Field.ErrorText>{error}</Field.ErrorText>}
        </Field.Root>
        <Button type="submit" loading={busy} loadingText="Verifying" alignSelf="start">
          {submitLabel}
        </Button>
      </Stack>
    </form>
  );
}
