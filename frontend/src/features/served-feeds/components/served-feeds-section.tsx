/**
 * Feeds we serve (issue 27 §2): exports for security controls that sensors poll over HTTP with a
 * token of their own. Administrators with a verified second factor create feeds, change their
 * filters, give them a new token and delete them; every change is audited by the server, which
 * refuses everyone else whatever this page shows.
 */
import { Button, Flex, Heading, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { loadEnv } from '@/config/env';
import { useDeleteServedFeed } from '@/features/served-feeds/api/delete-served-feed';
import { useServedFeeds, type ServedFeed } from '@/features/served-feeds/api/list-served-feeds';
import { useRotateServedFeedToken } from '@/features/served-feeds/api/rotate-served-feed-token';
import type { FeedToken } from '@/features/served-feeds/api/save-served-feed';
import { FeedDialog } from './feed-dialog';
import { FeedTokenDialog } from './feed-token-dialog';
import { ServedFeedsTable } from './served-feeds-table';

type Editing = { feed?: ServedFeed } | null;

export function ServedFeedsSection() {
  const backendUrl = loadEnv().supabaseUrl;
  const feeds = useServedFeeds();
  const rotate = useRotateServedFeedToken();
  const remove = useDeleteServedFeed();
  const [editing, setEditing] = useState<Editing>(null);
  const [token, setToken] = useState<FeedToken | null>(null);

  const onRotate = async (feed: ServedFeed) => {
    try {
      setToken(await rotate.mutateAsync(feed));
    } catch (error) {
      toast({ title: 'No new token', description: (error as Error).message, variant: 'destructive' });
    }
  };
  const onDelete = async (feed: ServedFeed) => {
    try {
      await remove.mutateAsync(feed.id);
      toast({ title: 'Feed deleted', description: `Sensors polling “${feed.name}” get 401 from now on.` });
    } catch (error) {
      toast({ title: 'Not deleted', description: (error as Error).message, variant: 'destructive' });
    }
  };

  return (
    <Stack as="section" aria-labelledby="served-feeds-heading" gap="2">
      <Flex gap="3" align="center" wrap="wrap">
        <Heading as="h2" size="md" id="served-feeds-heading" flex="1">
          Feeds we serve
        </Heading>
        <Button size="sm" onClick={() => setEditing({})}>
          New feed
        </Button>
      </Flex>
      <Text fontSize="sm" color="fg.muted">
        Exports for Zeek, Suricata, DNS resolvers and firewalls that sensors poll with their own token; an
        unchanged feed answers 304. Scores and expiry are judged again every hour.
      </Text>
      {feeds.isPending ? (
        <Text color="fg.muted">Loading the feeds…</Text>
      ) : feeds.isError ? (
        <Text role="alert" color="fg.error">
          The feeds could not be read: {feeds.error.message}
        </Text>
      ) : feeds.data.length === 0 ? (
        <Text color="fg.muted">No feed yet: create one for each group of sensors.</Text>
      ) : (
        <ServedFeedsTable
          feeds={feeds.data}
          backendUrl={backendUrl}
          onEdit={(feed) => setEditing({ feed })}
          onRotate={(feed) => void onRotate(feed)}
          onDelete={onDelete}
          deleting={remove.isPending}
        />
      )}
      {editing && (
        <FeedDialog
          feed={editing.feed}
          onClose={() => setEditing(null)}
          onSaved={(created) => {
            setEditing(null);
            if (created) setToken(created);
            else
              toast({
                title: 'Filters saved',
                description: 'Sensors get the new selection on their next poll.',
              });
          }}
        />
      )}
      {token && <FeedTokenDialog created={token} backendUrl={backendUrl} onDone={() => setToken(null)} />}
    </Stack>
  );
}
