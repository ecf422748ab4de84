/**
 * After an alert was dismissed as a false positive: add its indicator's value to an exclusion list,
 * so it raises no alert again. The list defaults to Local exclusions; the match, value and reason
 * come prefilled from the alert and can be changed.
 */
import { Button, Dialog, Field, NativeSelect, Portal, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { inertString } from '@/lib/security/inert-text';
import { DEFAULT_LIST_NAME, useExclusionLists } from '@/features/exclusions/api/get-exclusion-lists';
import { suggestedExclusion, type IndicatorType } from '@/features/exclusions/utils/exclusion-kind';
import { AddExclusionForm, addedSummary } from './add-exclusion-form';

export interface FalsePositiveValue {
  alertId: string;
  type: IndicatorType;
  value: string;
  reason: string;
}

interface AddExclusionDialogProps {
  offer: FalsePositiveValue | null;
  onClose: () => void;
  onAdded?: () => void;
}

function ListChoice({
  lists,
  value,
  onChange,
}: {
  lists: ReturnType<typeof useExclusionLists>;
  value: number | undefined;
  onChange: (id: number) => void;
}) {
  if (lists.isError)
    return (
      <Text role="alert" color="fg.error" fontSize="sm">
        The exclusion lists could not be loaded: {lists.error.message}
      </Text>
    );
  return (
    <Field.Root required>
      <Field.Label>List</Field.Label>
      <NativeSelect.Root size="sm" disabled={!lists.data}>
        <NativeSelect.Field value={value ?? ''} onChange={(event) => onChange(Number(event.target.value))}>
          {lists.data?.map((list) => (
            <option key={list.id} value={list.id}>
              {inertString(list.name, { defang: false })}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export function AddExclusionDialog({ offer, onClose, onAdded }: AddExclusionDialogProps) {
  const lists = useExclusionLists();
  const [picked, setPicked] = useState<number>();
  const listId =
    picked ?? lists.data?.find((list) => list.name === DEFAULT_LIST_NAME)?.id ?? lists.data?.[0]?.id;
  const close = () => {
    setPicked(undefined);
    onClose();
  };
  return (
    <Dialog.Root open={offer !== null} onOpenChange={(details) => !details.open && close()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>
                Add {offer ? inertString(offer.value) : 'the value'} to an exclusion list
              </Dialog.Title>
            </Dialog.Header>
            <Dialog.Body pb="6">
              <Text fontSize="sm" color="fg.muted" mb="3">
                The alert was dismissed as a false positive. On an exclusion list, the value raises no alert
                again and is left out of exports for security controls.
              </Text>
              {offer && (
                <AddExclusionForm
                  listId={listId}
                  alertId={offer.alertId}
                  initial={{ ...suggestedExclusion(offer.type, offer.value), reason: offer.reason }}
                  actions={
                    <Button size="sm" variant="outline" onClick={close}>
                      Not now
                    </Button>
                  }
                  onAdded={(added) => {
                    toast({ title: 'Added to the exclusion list', description: addedSummary(added) });
                    onAdded?.();
                    close();
                  }}
                >
                  <ListChoice lists={lists} value={listId} onChange={setPicked} />
                </AddExclusionForm>
              )}
            </Dialog.Body>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
