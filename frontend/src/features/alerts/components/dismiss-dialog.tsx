/** Dismissing needs a reason (the database refuses a dismissal without one). */
import { ReasonDialog } from '@/components/ui/reason-dialog';

interface DismissDialogProps {
  count: number;
  open: boolean;
  busy: boolean;
  onCancel: () => void;
  onDismiss: (reason: string) => void;
}

export const DISMISSAL_REASONS = ['False positive', 'Benign activity', 'Duplicate', 'Accepted risk'] as const;

export function DismissDialog({ count, open, busy, onCancel, onDismiss }: DismissDialogProps) {
  return (
    <ReasonDialog
      open={open}
      title={count === 1 ? 'Dismiss this alert' : `Dismiss ${count} alerts`}
      confirmLabel="Dismiss"
      helper="Kept with the alert's history."
      suggestions={DISMISSAL_REASONS}
      busy={busy}
      onCancel={onCancel}
      onConfirm={onDismiss}
    />
  );
}
