/**
 * Add a keyword (a brand, a product, an executive's name, a domain) or an e-mail domain to watch on
 * leak sites and pastes. The server matches it against every stored post as it is added.
 */
import { Button, Field, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { LuPlus } from 'react-icons/lu';
import { FilterSelect } from '@/components/ui/filter-select';
import { useAddKeywordWatch, type KeywordWatchAdded } from '@/features/watches/api/add-keyword-watch';
import type { KeywordKind } from '@/features/watches/utils/keyword-watch';
import { NOTE_MAX, WATCH_VALUE_MAX } from '@/features/watches/utils/watch-limits';

export function AddKeywordWatchForm({ onAdded }: { onAdded: (added: KeywordWatchAdded) => void }) {
  const [kind, setKind] = useState<KeywordKind>('keyword');
  const [value, setValue] = useState('');
  const [note, setNote] = useState('');
  const add = useAddKeywordWatch();

  const submit = async () => {
    try {
      const added = await add.mutateAsync({ kind, input: value, note: note.trim() });
      setValue('');
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
      <Flex gap="2" align="end" wrap="wrap">
        <FilterSelect label="Kind of watch" value={kind} onChange={(next) => setKind(next as KeywordKind)}>
          <option value="keyword">Keyword</option>
          <option value="email-domain">E-mail domain</option>
        </FilterSelect>
        <Field.Root required flex="1" minWidth="12rem">
          <Field.Label>{kind === 'keyword' ? 'Keyword to watch' : 'E-mail domain to watch'}</Field.Label>
          <Input
            size="sm"
            value={value}
            maxLength={WATCH_VALUE_MAX}
            placeholder={kind === 'keyword' ? 'e.g. Acme Corp or acme.com' : 'e.g. acme.com'}
            autoComplete="off"
            onChange={(event) => setValue(event.target.value)}
          />
        </Field.Root>
      </Flex>
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
        <Button type="submit" size="sm" disabled={value.trim() === ''} loading={add.isPending}>
          <LuPlus aria-hidden="true" />
          Watch
        </Button>
      </Flex>
      {add.error && (
        <Text role="alert" color="fg.error" fontSize="sm">
          The watch was not added: {add.error.message}
        </Text>
      )}
    </Stack>
  );
}
