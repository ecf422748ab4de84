/**
 * Add a watched domain. The lookalikes are generated on submit, then stored and matched by the
 * server; the answer (how many were stored, how many alerts were raised) stays on screen.
 */
import { Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { formatInteger } from '@/lib/format/format';
import { useAddDomainWatch, type DomainWatchAdded } from '@/features/watches/api/add-domain-watch';
import { NOTE_MAX } from '@/features/watches/utils/watch-limits';

const plural = (count: number, one: string, many: string) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

export function domainWatchSummary(added: DomainWatchAdded): string {
  const known = added.sent - added.stored;
  const cut = added.generated - added.sent;
  return (
    `Watching ${added.domain}: ${plural(added.generated, 'lookalike', 'lookalikes')} generated` +
    (cut > 0 ? ` (the last ${formatInteger(cut)} left out: one request holds no more)` : '') +
    `, ${formatInteger(added.stored)} stored${known > 0 ? ` (${formatInteger(known)} were already stored)` : ''}; ` +
    `${plural(added.lookalikeAlerts, 'lookalike alert', 'lookalike alerts')} and ` +
    `${plural(added.mentionAlerts, 'leak-post alert', 'leak-post alerts')} raised.`
  );
}

export function AddDomainWatchForm({ onAdded }: { onAdded: (added: DomainWatchAdded) => void }) {
  const [domain, setDomain] = useState('');
  const [note, setNote] = useState('');
  const add = useAddDomainWatch();

  const submit = async () => {
    try {
      const added = await add.mutateAsync({ input: domain, note: note.trim() });
      setDomain('');
      setNote('');
      onAdded(added);
    } catch {
      // Shown below from add.error.
    }
  };

  return (
    <Stack
      as="form"
      gap="2"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Field.Root required>
        <Field.Label>Domain to watch</Field.Label>
        <Input
          size="sm"
          value={domain}
          placeholder="example.com (defanged or a URL is fine)"
          data-indicator-input="true"
          autoComplete="off"
          spellCheck={false}
          onChange={(event) => setDomain(event.target.value)}
        />
      </Field.Root>
      <Field.Root>
        <Field.Label>Note (optional)</Field.Label>
        <Input
          size="sm"
          value={note}
          maxLength={NOTE_MAX}
          onChange={(event) => setNote(event.target.value)}
        />
      </Field.Root>
      <Flex>
        <Button
          type="submit"
          size="sm"
          disabled={domain.trim() === ''}
          loading={add.isPending}
          loadingText="Generating lookalikes…"
        >
          <LuPlus aria-hidden="true" />
          Watch domain
        </Button>
      </Flex>
      <Text role="status" aria-live="polite" fontSize="sm">
        {add.isSuccess ? domainWatchSummary(add.data) : ''}
      </Text>
      {add.error && (
        <Text role="alert" color="fg.error" fontSize="sm">
          The domain was not added: {add.error.message}
        </Text>
      )}
    </Stack>
  );
}
