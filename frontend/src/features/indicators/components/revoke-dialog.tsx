/** Revoke (or restore) one or many indicators, with the reason the server keeps. */
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { toast } from '@/components/ui/toast';
import { useRevokeIndicators } from '@/features/indicators/api/revoke-indicators';

interface RevokeDialogProps {
  ids: number[];
  revoke: boolean;
  onClose: () => void;
}

export function RevokeDialog({ ids, revoke, onClose }: RevokeDialogProps) {
  const mutation = useRevokeIndicators();
  const verb = revoke ? 'Revoke' : 'Restore';
  const close = () => {
    mutation.reset();
    onClose();
  };
  const confirm = async (reason: string) => {
    try {
      const changed = await mutation.mutateAsync({ ids, reason, revoke });
      toast({
        title: revoke ? 'Indicators revoked' : 'Indicators restored',
        description: `${changed} of ${ids.length} changed (the rest already were, or are beyond your TLP).`,
      });
      close();
    } catch {
      // Shown in the dialog from mutation.error.
    }
  };
  return (
    <ReasonDialog
      open={ids.length > 0}
      title={`${verb} ${ids.length === 1 ? 'this indicator' : `${ids.length} indicators`}`}
      confirmLabel={verb}
      helper="Kept with the indicator, with your name and the time."
      destructive={revoke}
      suggestions={revoke ? ['False positive', 'Sinkholed', 'Expired infrastructure'] : []}
      busy={mutation.isPending}
      error={mutation.error?.message}
      onCancel={close}
      onConfirm={(reason) => void confirm(reason)}
    />
  );
}
