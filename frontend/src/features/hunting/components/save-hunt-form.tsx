/**
 * Save the paste as a named hunt. A paste too large for one request is kept as its canonical values,
 * and the analyst is told; the run just made of this text is saved with it.
 */
import { Button, Field, Flex, Input } from '@chakra-ui/react';
import { useState } from 'react';
import { LuSave } from 'react-icons/lu';
import { toast } from '@/components/ui/toast';
import { useCreateHunt } from '@/features/hunting/api/create-hunt';
import { savedHuntText, type HuntDraft } from '@/features/hunting/utils/saved-hunt-text';

const NAME_MAX = 200;

export function SaveHuntForm({ draft }: { draft: HuntDraft | undefined }) {
  const [name, setName] = useState('');
  const create = useCreateHunt();
  const trimmed = name.trim();
  const ready = Boolean(draft && draft.parsed.values.length > 0 && trimmed && !create.isPending);

  const save = async () => {
    if (!draft) return;
    const saved = savedHuntText(draft.text, draft.parsed);
    if (!saved.ok) {
      toast({ title: 'The hunt was not saved', description: saved.reason, variant: 'destructive' });
      return;
    }
    try {
      await create.mutateAsync({
        name: trimmed,
        query: saved.text,
        valueCount: draft.parsed.values.length,
        lastRun: draft.lastRun,
      });
      toast({
        title: 'Hunt saved',
        description: saved.compacted
          ? 'The paste was too large to keep as written: its values were saved, one per line.'
          : undefined,
      });
      setName('');
    } catch (error) {
      toast({
        title: 'The hunt was not saved',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <Flex
      as="form"
      gap="2"
      align="end"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field.Root flex="1">
        <Field.Label>Name of the hunt</Field.Label>
        <Input
          size="sm"
          value={name}
          maxLength={NAME_MAX}
          placeholder="e.g. Phishing kit, week 47"
          onChange={(event) => setName(event.target.value)}
        />
      </Field.Root>
      <Button type="submit" size="sm" disabled={!ready} loading={create.isPending}>
        <LuSave aria-hidden="true" />
        Save hunt
      </Button>
    </Flex>
  );
}
