/**
 * A case's notes, append-only. Markdown is stored as written and shown as its text (inert: nothing is
 * parsed as HTML, no image is fetched, links are defanged).
 */
import { Box, Button, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useAddCaseNote } from '@/features/cases/api/add-case-note';
import { personName, type CasePerson } from '@/features/cases/api/list-case-people';
import { useCaseNotes } from '@/features/cases/api/list-case-notes';

export function CaseNotes({ caseId, people }: { caseId: string; people: readonly CasePerson[] }) {
  const notes = useCaseNotes(caseId);
  const add = useAddCaseNote();
  const [body, setBody] = useState('');
  return (
    <Stack gap="3">
      {notes.data?.length === 0 && <Text color="fg.muted">No note yet.</Text>}
      {notes.error && <Text color="fg.error">The notes could not be loaded: {notes.error.message}</Text>}
      <Stack as="ol" gap="2" listStyleType="none" aria-label="Notes">
        {notes.data?.map((note) => (
          <Box as="li" key={note.id} borderWidth="1px" borderRadius="md" p="3">
            <Text fontSize="xs" color="fg.muted" mb="1">
              {personName(people, note.author)} · {formatDateTime(note.created_at)}
            </Text>
            <InertText value={note.body} as="div" />
          </Box>
        ))}
      </Stack>
      <Stack
        as="form"
        gap="2"
        onSubmit={(event) => {
          event.preventDefault();
          if (!body.trim()) return;
          add.mutate(
            { caseId, body },
            {
              onSuccess: () => setBody(''),
              onError: (error) =>
                toast({
                  title: 'The note was not added',
                  description: error.message,
                  variant: 'destructive',
                }),
            },
          );
        }}
      >
        <Textarea
          data-raw-text="true"
          aria-label="New note (Markdown)"
          placeholder="A note (Markdown); notes cannot be edited or deleted once added"
          rows={3}
          maxLength={20000}
          value={body}
          onChange={(event) => setBody(event.target.value)}
        />
        <Box>
          <Button type="submit" disabled={!body.trim()} loading={add.isPending}>
            Add note
          </Button>
        </Box>
      </Stack>
    </Stack>
  );
}
