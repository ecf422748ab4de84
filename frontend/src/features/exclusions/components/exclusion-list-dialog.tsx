/** Create a list, or rename one and change what it is for (administrators). */
import { Button, Dialog, Field, Input, Portal, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { useSaveExclusionList } from '@/features/exclusions/api/save-exclusion-list';
import type { ExclusionList } from '@/features/exclusions/api/get-exclusion-lists';

interface ExclusionListDialogProps {
  /** The list to rename; undefined for a new one. */
  list?: ExclusionList;
  onClose: () => void;
  onSaved: (id: number) => void;
}

export function ExclusionListDialog({ list, onClose, onSaved }: ExclusionListDialogProps) {
  const [name, setName] = useState(list?.name ?? '');
  const [description, setDescription] = useState(list?.description ?? '');
  const save = useSaveExclusionList();
  const submit = async () => {
    try {
      const saved = await save.mutateAsync({ id: list?.id, name, description });
      onSaved(saved.id);
    } catch {
      // Shown in the dialog from save.error.
    }
  };
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            as="form"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Dialog.Header>
              <Dialog.Title>{list ? 'Rename the list' : 'New exclusion list'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body display="flex" flexDirection="column" gap="3">
              <Field.Root required>
                <Field.Label>Name</Field.Label>
                <Input value={name} maxLength={200} onChange={(event) => setName(event.target.value)} />
                <Field.HelperText>
                  Shown wherever a value is held: “on exclusion list {name || '…'}”.
                </Field.HelperText>
              </Field.Root>
              <Field.Root>
                <Field.Label>What belongs on it</Field.Label>
                <Textarea
                  value={description}
                  maxLength={2000}
                  onChange={(event) => setDescription(event.target.value)}
                />
              </Field.Root>
              {save.error && (
                <Text role="alert" color="fg.error" fontSize="sm">
                  Not saved: {save.error.message}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!name.trim()} loading={save.isPending}>
                {list ? 'Save' : 'Create list'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
