/**
 * Create a group, or change one's name, TLP ceiling and description (administrators). The server
 * checks everything again and audits the change; lowering a RED group warns who no longer reads RED.
 */
import { Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { tlpLabel } from '@/components/intel/tlp-badge';
import { useSaveGroup, type Warning } from '@/features/groups/api/group-actions';
import type { Group } from '@/features/groups/api/list-groups';
import { clearanceText, GROUP_TLP_LEVELS } from '@/features/groups/utils/group-tlp';

interface GroupDialogProps {
  /** The group to change; undefined for a new one. */
  group?: Group;
  onClose: () => void;
  onSaved: (warning: Warning) => void;
}

export function GroupDialog({ group, onClose, onSaved }: GroupDialogProps) {
  const [name, setName] = useState(group?.name ?? '');
  const [maxTlp, setMaxTlp] = useState<string>(group?.max_tlp ?? 'amber+strict');
  const [description, setDescription] = useState(group?.description ?? '');
  const save = useSaveGroup();
  const submit = async () => {
    try {
      onSaved(await save.mutateAsync({ id: group?.id, name, maxTlp, description }));
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
              <Dialog.Title>{group ? `Edit “${group.name}”` : 'New group'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root required>
                  <Field.Label>Name</Field.Label>
                  <Input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
                </Field.Root>
                <Field.Root>
                  <Field.Label>Reads up to</Field.Label>
                  <NativeSelect.Root>
                    <NativeSelect.Field value={maxTlp} onChange={(event) => setMaxTlp(event.target.value)}>
                      {GROUP_TLP_LEVELS.map((tlp) => (
                        <option key={tlp} value={tlp}>
                          {tlpLabel(tlp)}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                  <Field.HelperText>{clearanceText(maxTlp)}</Field.HelperText>
                </Field.Root>
                <Field.Root>
                  <Field.Label>Description</Field.Label>
                  <Textarea
                    value={description}
                    maxLength={1000}
                    rows={3}
                    onChange={(event) => setDescription(event.target.value)}
                  />
                </Field.Root>
                {save.error && (
                  <Text role="alert" color="fg.error" fontSize="sm">
                    Not saved: {save.error.message}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" loading={save.isPending}>
                {group ? 'Save' : 'Create group'}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
