/** The saved hunts: run one again (its text loads into the box), delete your own. */
import { Button, Flex, Heading, List, Spinner, Stack, Text } from '@chakra-ui/react';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { toast } from '@/components/ui/toast';
import { formatCompactDateTime, formatCount, formatInteger } from '@/lib/format/format';
import { InertText, inertString } from '@/lib/security/inert-text';
import { useDeleteHunt } from '@/features/hunting/api/delete-hunt';
import { useHunts, type SavedHunt } from '@/features/hunting/api/get-hunts';
import type { HuntDraft } from '@/features/hunting/utils/saved-hunt-text';
import { SaveHuntForm } from './save-hunt-form';

interface SavedHuntsProps {
  userId: string | null;
  draft: HuntDraft | undefined;
  busy: boolean;
  onRun: (hunt: SavedHunt) => void;
}

function lastRun(hunt: SavedHunt): string {
  if (!hunt.last_run_at) return 'never run';
  return `last run ${formatCompactDateTime(hunt.last_run_at)} UTC, ${formatInteger(hunt.last_matched)} matched`;
}

export function SavedHunts({ userId, draft, busy, onRun }: SavedHuntsProps) {
  const hunts = useHunts();
  const remove = useDeleteHunt();

  const destroy = async (hunt: SavedHunt) => {
    try {
      await remove.mutateAsync(hunt.id);
      toast({ title: 'Hunt deleted' });
    } catch (error) {
      toast({
        title: 'The hunt was not deleted',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack
      as="section"
      gap="3"
      aria-labelledby="saved-hunts-heading"
      borderWidth="1px"
      borderRadius="md"
      p="4"
    >
      <Heading as="h2" size="md" id="saved-hunts-heading">
        Saved hunts
      </Heading>
      <SaveHuntForm draft={draft} />
      {hunts.status === 'pending' ? (
        <Flex gap="2" align="center" color="fg.muted" fontSize="sm">
          <Spinner size="sm" /> Loading saved hunts…
        </Flex>
      ) : hunts.status === 'error' ? (
        <Stack gap="1" fontSize="sm">
          <Text role="alert" color="fg.error">
            The saved hunts could not be loaded: {hunts.error.message}
          </Text>
          <Button size="xs" variant="outline" alignSelf="start" onClick={() => void hunts.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : hunts.data.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No saved hunts yet.
        </Text>
      ) : (
        <List.Root listStyleType="none" gap="2" aria-label="Saved hunts">
          {hunts.data.map((hunt) => {
            const name = inertString(hunt.name, { defang: false });
            return (
              <List.Item key={hunt.id} borderTopWidth="1px" pt="2">
                <Stack gap="1" width="full">
                  <InertText value={hunt.name} defangLinks={false} as="span" />
                  <Text fontSize="xs" color="fg.muted">
                    {formatCount(hunt.value_count, 'value')} · {lastRun(hunt)}
                  </Text>
                  <Flex gap="2">
                    <Button
                      size="xs"
                      disabled={busy}
                      aria-label={`Run the hunt ${name}`}
                      onClick={() => onRun(hunt)}
                    >
                      Run
                    </Button>
                    {hunt.created_by === userId && (
                      <ConfirmDelete
                        subject={`the hunt ${name}`}
                        pending={remove.isPending}
                        onConfirm={() => destroy(hunt)}
                      />
                    )}
                  </Flex>
                </Stack>
              </List.Item>
            );
          })}
        </List.Root>
      )}
    </Stack>
  );
}
