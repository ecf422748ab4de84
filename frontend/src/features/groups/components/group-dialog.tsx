/**
 * Create a group, or change one's name, TLP ceiling and description (administrators). The server
 * checks everything again and audits the change; lowering a RED group warns who no longer reads RED.
 */
import { Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { tlpLabel } from '@/components/intel/tlp-badge';
import { FormDialog } from '@/components/ui/form-dialog';
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
    <FormDialog
      title={group ? `Edit “${group.name}”` : 'New group'}
      submitLabel={group ? 'Save' : 'Create group'}
      canSubmit={name.trim() !== ''}
      busy={save.isPending}
      error={save.error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
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
    </FormDialog>
  );
}
