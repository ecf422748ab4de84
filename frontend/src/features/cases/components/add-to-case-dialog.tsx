/** Adding selected alerts to an open case the user reads. */
import { Field, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { useAddToCase } from '@/features/cases/api/add-to-case';
import { useCases } from '@/features/cases/api/list-cases';

interface AddToCaseDialogProps {
  alertIds: readonly string[];
  onClose: () => void;
  onAdded: (caseId: string, added: number) => void;
}

export function AddToCaseDialog({ alertIds, onClose, onAdded }: AddToCaseDialogProps) {
  const cases = useCases({ status: 'open' }, null);
  const add = useAddToCase();
  const [caseId, setCaseId] = useState('');
  const chosen = caseId || cases.data?.[0]?.id || '';
  return (
    <FormDialog
      title={`Add ${alertIds.length} ${alertIds.length === 1 ? 'alert' : 'alerts'} to a case`}
      submitLabel="Add to the case"
      canSubmit={chosen !== ''}
      busy={add.isPending}
      error={add.error}
      onSubmit={() =>
        add.mutate(
          { caseId: chosen, alertIds: [...alertIds] },
          { onSuccess: (added) => onAdded(chosen, added) },
        )
      }
      onClose={onClose}
    >
      {cases.data && cases.data.length === 0 ? (
        <Text>There is no open case you can read. Open a new one instead.</Text>
      ) : (
        <Field.Root>
          <Field.Label>Open case</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={chosen} onChange={(event) => setCaseId(event.target.value)}>
              {(cases.data ?? []).map((row) => (
                <option key={row.id} value={row.id}>
                  {row.title}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
    </FormDialog>
  );
}
