/** Names and creates a key; the secret then shows once below the form. */
import { Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useCreateApiKey, type CreatedApiKey } from '@/features/api-keys/api/create-api-key';
import { OneTimeSecret } from './one-time-secret';

export function NewKeyForm() {
  const [name, setName] = useState('');
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const create = useCreateApiKey();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (name.trim() === '') return;
    create.mutate(name.trim(), {
      onSuccess: (key) => {
        setCreated(key);
        setName('');
      },
    });
  };

  return (
    <Stack gap="3">
      <form onSubmit={submit} noValidate autoComplete="off" aria-label="Create an API key">
        <Flex gap="2" align="flex-end" wrap="wrap">
          <Field.Root maxW="sm" invalid={create.isError}>
            <Field.Label>Key name</Field.Label>
            <Input
              value={name}
              maxLength={100}
              placeholder="e.g. SIEM TAXII feed"
              onChange={(event) => setName(event.target.value)}
            />
            {create.isError && <Field.ErrorText>{create.error.message}</Field.ErrorText>}
          </Field.Root>
          <Button type="submit" size="sm" loading={create.isPending} disabled={name.trim() === ''}>
            Create key
          </Button>
        </Flex>
      </form>
      {created && <OneTimeSecret created={created} onDone={() => setCreated(null)} />}
      {!created && (
        <Text fontSize="sm" color="fg.muted">
          A key acts as you: clients see exactly what you may read, never TLP:RED.
        </Text>
      )}
    </Stack>
  );
}
