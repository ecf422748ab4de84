/**
 * "Notify me" on a page: its current URL filters become a rule of the signed-in user, and new results
 * are mailed to their own sign-in address (the server decides the address; the worker evaluates the
 * view with the user's own access).
 */
import { Button } from '@chakra-ui/react';
import { LuBellPlus } from 'react-icons/lu';
import { toast } from '@/components/ui/toast';
import { useNotifyMe } from '@/features/notifications/api/notify-me';
import { resultQuery, viewRuleName } from '@/features/notifications/utils/view-query';

export function NotifyMeButton({ page, pageTitle }: { page: string; pageTitle: string }) {
  const notify = useNotifyMe();
  const onClick = async () => {
    const query = resultQuery(window.location.search);
    try {
      await notify.mutateAsync({ page, query, name: viewRuleName(pageTitle, query) });
      toast({
        title: 'You will be notified',
        description: 'New results of this view are mailed to your sign-in address as they arrive.',
      });
    } catch (error) {
      toast({ title: 'Not set up', description: (error as Error).message, variant: 'destructive' });
    }
  };
  return (
    <Button size="sm" variant="outline" onClick={() => void onClick()} loading={notify.isPending}>
      <LuBellPlus aria-hidden="true" />
      Notify me
    </Button>
  );
}
