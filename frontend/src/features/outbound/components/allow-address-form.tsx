/** Allows one address or range with the reason; the server checks both and audits the change. */
import { Button, Field, Flex, Input } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useAllowAddress } from '@/features/outbound/api/allow-address';

export function AllowAddressForm() {
  const [address, setAddress] = useState('');
  const [reason, setReason] = useState('');
  const allow = useAllowAddress();
  const ready = address.trim() !== '' && reason.trim() !== '';

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!ready) return;
    allow.mutate(
      { address, reason },
      {
        onSuccess: () => {
          setAddress('');
          setReason('');
        },
      },
    );
  };

  return (
    <form onSubmit={submit} noValidate autoComplete="off" aria-label="Allow an outbound address">
      <Flex gap="2" align="flex-start" wrap="wrap">
        <Field.Root maxW="xs" invalid={allow.isError}>
          <Field.Label>Address or range</Field.Label>
          <Input
            value={address}
            maxLength={64}
            placeholder="e.g. 169.254.10.5 or 10.20.0.0/16"
            onChange={(event) => setAddress(event.target.value)}
          />
          {allow.isError && <Field.ErrorText>{allow.error.message}</Field.ErrorText>}
        </Field.Root>
        <Field.Root maxW="md">
          <Field.Label>Why (what lives there)</Field.Label>
          <Input
            value={reason}
            maxLength={500}
            placeholder="e.g. the lab's MISP mirror"
            onChange={(event) => setReason(event.target.value)}
          />
        </Field.Root>
        <Button
          type="submit"
          size="sm"
          mt={{ base: '0', md: '6' }}
          loading={allow.isPending}
          disabled={!ready}
        >
          Allow
        </Button>
      </Flex>
    </form>
  );
}
