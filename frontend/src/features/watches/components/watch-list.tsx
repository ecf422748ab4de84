/**
 * The watches of one page: each can be opened (when the page shows per-watch data), paused or
 * resumed, and deleted after a confirmation. Values are shown as typed, as inert text.
 */
import { Badge, Button, Flex, Heading, List, Spinner, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { toast } from '@/components/ui/toast';
import { formatIsoDate } from '@/lib/format/format';
import { InertText, inertString } from '@/lib/security/inert-text';
import { useDeleteWatch } from '@/features/watches/api/delete-watch';
import { useWatches, type Watch, type WatchKind } from '@/features/watches/api/get-watches';
import { useSetWatchEnabled } from '@/features/watches/api/set-watch-enabled';

const KIND_LABELS: Record<WatchKind, string> = {
  domain: 'Domain',
  keyword: 'Keyword',
  'email-domain': 'E-mail domain',
};

interface WatchListProps {
  title: string;
  kinds: readonly WatchKind[];
  emptyMessage: string;
  /** Shown above the list: the form that adds a watch. */
  children?: ReactNode;
  selectedId?: string;
  /** Opening a watch (Brand Protection shows its lookalikes). */
  onSelect?: (watch: Watch) => void;
  /** What a deletion also removes, said in the confirmation. */
  deleteWarning: string;
  /** After a watch was paused, resumed or deleted: the page refreshes what hangs off it. */
  onChanged?: () => void;
}

export function WatchList(props: WatchListProps) {
  const { title, kinds, emptyMessage, children, selectedId, onSelect, deleteWarning, onChanged } = props;
  const watches = useWatches(kinds);
  const setEnabled = useSetWatchEnabled();
  const remove = useDeleteWatch();
  const headingId = `watches-${kinds.join('-')}-heading`;

  const toggle = async (watch: Watch) => {
    try {
      await setEnabled.mutateAsync({ id: watch.id, enabled: !watch.enabled });
      onChanged?.();
    } catch (error) {
      toast({
        title: 'The watch was not changed',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };
  const destroy = async (watch: Watch) => {
    try {
      await remove.mutateAsync(watch.id);
      onChanged?.();
      toast({ title: 'Watch deleted' });
    } catch (error) {
      toast({
        title: 'The watch was not deleted',
        description: (error as Error).message,
        variant: 'destructive',
      });
    }
  };

  return (
    <Stack as="section" gap="3" aria-labelledby={headingId} borderWidth="1px" borderRadius="md" p="4">
      <Heading as="h2" size="md" id={headingId}>
        {title}
      </Heading>
      {children}
      {watches.status === 'pending' ? (
        <Flex gap="2" align="center" color="fg.muted" fontSize="sm">
          <Spinner size="sm" /> Loading watches…
        </Flex>
      ) : watches.status === 'error' ? (
        <Stack gap="1" fontSize="sm">
          <Text role="alert" color="fg.error">
            The watches could not be loaded: {watches.error.message}
          </Text>
          <Button size="xs" variant="outline" alignSelf="start" onClick={() => void watches.refetch()}>
            Try again
          </Button>
        </Stack>
      ) : watches.data.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {emptyMessage}
        </Text>
      ) : (
        <List.Root listStyleType="none" gap="2" aria-label={title}>
          {watches.data.map((watch) => {
            const name = inertString(watch.value, { defang: false });
            const selected = watch.id === selectedId;
            return (
              <List.Item
                key={watch.id}
                borderTopWidth="1px"
                pt="2"
                bg={selected ? 'bg.muted' : undefined}
                data-selected={selected || undefined}
              >
                <Stack gap="1" width="full" minWidth="0">
                  <Flex gap="2" align="center" wrap="wrap">
                    <Text as="span" fontWeight="medium" minWidth="0" wordBreak="break-all">
                      <InertText value={watch.value} defangLinks={false} />
                    </Text>
                    {kinds.length > 1 && <Badge size="sm">{KIND_LABELS[watch.kind]}</Badge>}
                    {!watch.enabled && (
                      <Badge size="sm" colorPalette="gray" variant="outline">
                        Paused
                      </Badge>
                    )}
                  </Flex>
                  <Text fontSize="xs" color="fg.muted">
                    Added {formatIsoDate(watch.created_at)}
                    {watch.value_ascii !== watch.value.toLowerCase() && ` · matched as ${watch.value_ascii}`}
                  </Text>
                  {watch.note && (
                    <Text fontSize="xs" color="fg.muted">
                      <InertText value={watch.note} defangLinks={false} />
                    </Text>
                  )}
                  <Flex gap="2" wrap="wrap">
                    {onSelect && (
                      <Button
                        size="xs"
                        variant={selected ? 'solid' : 'outline'}
                        aria-pressed={selected}
                        aria-label={`Show ${name}`}
                        onClick={() => onSelect(watch)}
                      >
                        Show
                      </Button>
                    )}
                    <Button
                      size="xs"
                      variant="outline"
                      disabled={setEnabled.isPending}
                      aria-label={`${watch.enabled ? 'Pause' : 'Resume'} the watch ${name}`}
                      onClick={() => void toggle(watch)}
                    >
                      {watch.enabled ? 'Pause' : 'Resume'}
                    </Button>
                    <ConfirmDelete
                      subject={`the watch ${name}`}
                      pending={remove.isPending}
                      onConfirm={() => destroy(watch)}
                      warning={deleteWarning}
                    />
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
