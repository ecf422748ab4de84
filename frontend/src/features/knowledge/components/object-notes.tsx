/**
 * Notes on an object: newest first, each with its TLP and time, shown as inert text; an analyst adds
 * one at most the object's TLP. Notes are never edited or removed (the database refuses).
 */
import { Button, Field, HStack, NativeSelect, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { TlpBadge, tlpLabel } from '@/components/intel/tlp-badge';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useAddObjectNote, useObjectNotes, type ObjectKind } from '@/features/knowledge/api/object-notes';
import { useWritableTlp } from '@/lib/intel/clearance';
import { levelsUpTo, type Tlp } from '@/features/knowledge/utils/authoring';

interface ObjectNotesProps {
  kind: ObjectKind;
  stixId: string;
  /** The object's TLP: a note is at most that. */
  tlp: string;
}

export function ObjectNotes({ kind, stixId, tlp: objectTlp }: ObjectNotesProps) {
  const notes = useObjectNotes(stixId);
  const clearance = useWritableTlp();
  const add = useAddObjectNote(kind, stixId);
  const [body, setBody] = useState('');
  const levels = levelsUpTo(clearance.data?.levels ?? [], objectTlp);
  const [wanted, setTlp] = useState<Tlp>('amber');
  const tlp = levels.includes(wanted) ? wanted : (levels.at(-1) ?? 'clear');
  const submit = async () => {
    try {
      await add.mutateAsync({ body: body.trim(), tlp });
      setBody('');
    } catch {
      // Shown below the form.
    }
  };
  return (
    <Stack gap="3" as="section" aria-label="Notes">
      <Text fontSize="sm" fontWeight="semibold">
        Notes
      </Text>
      <Stack
        as="form"
        gap="2"
        onSubmit={(event) => {
          event.preventDefault();
          if (body.trim()) void submit();
        }}
      >
        <Field.Root>
          <Field.Label srOnly>New note</Field.Label>
          <Textarea
            data-raw-text="true"
            value={body}
            rows={2}
            maxLength={20000}
            placeholder="Add a note (Markdown, shown as plain text)"
            onChange={(event) => setBody(event.target.value)}
          />
        </Field.Root>
        <HStack gap="2">
          <NativeSelect.Root size="xs" width="auto">
            <NativeSelect.Field
              aria-label="TLP of the note"
              value={tlp}
              onChange={(event) => setTlp(event.target.value as Tlp)}
            >
              {levels.map((level) => (
                <option key={level} value={level}>
                  {tlpLabel(level)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Button
            type="submit"
            size="xs"
            disabled={!body.trim() || levels.length === 0}
            loading={add.isPending}
          >
            Add note
          </Button>
        </HStack>
        {add.error && (
          <Text role="alert" color="fg.error" fontSize="sm">
            Not saved: {add.error.message}
          </Text>
        )}
      </Stack>
      {notes.isPending ? (
        <Spinner size="sm" aria-label="Loading the notes" />
      ) : notes.isError ? (
        <Text role="alert">The notes could not be loaded: {notes.error.message}</Text>
      ) : notes.data.length === 0 ? (
        <Text color="fg.muted" fontSize="sm">
          No notes yet.
        </Text>
      ) : (
        <Stack as="ol" gap="2" listStyleType="none" ps="0">
          {notes.data.map((note) => (
            <Stack as="li" key={note.id} gap="1" borderLeftWidth="2px" borderColor="border.muted" ps="3">
              <HStack gap="2" fontSize="xs" color="fg.muted">
                <span>{formatDateTime(note.created_at)}</span>
                <TlpBadge tlp={note.tlp} />
              </HStack>
              <InertText value={note.body} as="p" maxLength={20000} />
            </Stack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
