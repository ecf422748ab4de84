/** The display name, saved to the caller's own profile row. */
import { Button, Field, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { DISPLAY_NAME_MAX, useUpdateDisplayName } from '@/features/profile/api/update-display-name';

export function DisplayNameForm({ userId, initialName }: { userId: string; initialName: string }) {
  const [name, setName] = useState(initialName);
  const [saved, setSaved] = useState(false);
  const update = useUpdateDisplayName(userId);
  const trimmed = name.trim();
  const invalid = trimmed.length === 0 || trimmed.length > DISPLAY_NAME_MAX;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (invalid) return;
    setSaved(false);
    update.mutate(trimmed, { onSuccess: () => setSaved(true) });
  };

  return (
    <form onSubmit={submit} noValidate>
      <Stack gap="3" maxW="md">
        <Field.Root invalid={invalid && name !== initialName}>
          <Field.Label>Display name</Field.Label>
          <Input
            value={name}
            maxLength={DISPLAY_NAME_MAX}
            autoComplete="name"
            onChange={(event) => {
              setName(event.target.value);
              setSaved(false);
            }}
          />
          <Field.ErrorText>Enter a name of 1 to {DISPLAY_NAME_MAX} characters.</Field.ErrorText>
        </Field.Root>
        <Button type="submit" size="sm" alignSelf="start" loading={update.isPending} disabled={invalid}>
          Save name
        </Button>
        <Text fontSize="sm" role="status" color={update.isError ? 'fg.error' : 'fg.muted'}>
          {update.isError
            ? `The name could not be saved: ${update.error.message}`
            : saved
              ? 'Name saved.'
              : ''}
        </Text>
      </Stack>
    </form>
  );
}
