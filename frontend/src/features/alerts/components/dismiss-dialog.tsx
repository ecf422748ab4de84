/**
 * Dismissing needs a reason (the database refuses a dismissal without one). The analyst may also judge
 * the alert a false positive: the sighting behind it then halves its indicator's score, and the page
 * offers to put the value on an exclusion list.
 */
import { Checkbox, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ReasonDialog } from '@/components/ui/reason-dialog';

interface DismissDialogProps {
  count: number;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onDismiss: (reason: string, falsePositive: boolean) => void;
}

export const DISMISSAL_REASONS = ['False positive', 'Benign activity', 'Duplicate', 'Accepted risk'] as const;

export function DismissDialog({ count, open, busy, onCancel, onDismiss }: DismissDialogProps) {
  const [falsePositive, setFalsePositive] = useState(false);
  return (
    <ReasonDialog
      open={open}
      title={count === 1 ? 'Dismiss this alert' : `Dismiss ${count} alerts`}
      confirmLabel="Dismiss"
      helper="Kept with the alert's history."
      suggestions={DISMISSAL_REASONS}
      busy={busy}
      onCancel={() => {
        setFalsePositive(false);
        onCancel();
      }}
      onConfirm={(reason) => {
        setFalsePositive(false);
        onDismiss(reason, falsePositive);
      }}
    >
      <Stack gap="1" mt="4">
        <Checkbox.Root
          size="sm"
          checked={falsePositive}
          onCheckedChange={(details) => setFalsePositive(details.checked === true)}
        >
          <Checkbox.HiddenInput aria-describedby="false-positive-help" />
          <Checkbox.Control />
          <Checkbox.Label>False positive</Checkbox.Label>
        </Checkbox.Root>
        <Text id="false-positive-help" fontSize="xs" color="fg.muted">
          The value was seen but is not malicious here: the indicator’s score halves, and you can add the
          value to an exclusion list next. Reopening the alert withdraws the verdict.
        </Text>
      </Stack>
    </ReasonDialog>
  );
}
