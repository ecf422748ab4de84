/** The feeds we serve: selection, URL, who pulled last and how much their values fire; names render as text. */
import { Button, Flex, Table, Text } from '@chakra-ui/react';
import { ConfirmDelete } from '@/components/ui/confirm-delete';
import { WrappingCode } from '@/components/ui/wrapping-code';
import { formatDateTime, formatInteger } from '@/lib/format/format';
import type { ServedFeed } from '@/features/served-feeds/api/list-served-feeds';
import { feedUrl, selectionText } from '@/features/served-feeds/utils/feed-selection';
import { CopyButton } from './copy-button';

interface ServedFeedsTableProps {
  feeds: ServedFeed[];
  backendUrl: string;
  onEdit: (feed: ServedFeed) => void;
  onRotate: (feed: ServedFeed) => void;
  onDelete: (feed: ServedFeed) => Promise<void>;
  deleting: boolean;
}

export function ServedFeedsTable({
  feeds,
  backendUrl,
  onEdit,
  onRotate,
  onDelete,
  deleting,
}: ServedFeedsTableProps) {
  return (
    <Table.ScrollArea borderWidth="1px" rounded="md">
      <Table.Root size="sm" aria-label="Feeds we serve" tableLayout="fixed" minW="56rem">
        <Table.Header>
          <Table.Row>
            <Table.ColumnHeader width="34%">Feed and URL</Table.ColumnHeader>
            <Table.ColumnHeader width="20%">Selection</Table.ColumnHeader>
            <Table.ColumnHeader width="16%">Last pulled</Table.ColumnHeader>
            <Table.ColumnHeader width="7%" textAlign="end">
              Pulls
            </Table.ColumnHeader>
            <Table.ColumnHeader width="9%" textAlign="end">
              Alerts, 30 d
            </Table.ColumnHeader>
            <Table.ColumnHeader width="14%">
              <Text as="span" srOnly>
                Actions
              </Text>
            </Table.ColumnHeader>
          </Table.Row>
        </Table.Header>
        <Table.Body>
          {feeds.map((feed) => {
            const url = feedUrl(backendUrl, feed.id);
            return (
              <Table.Row key={feed.id} verticalAlign="top">
                <Table.Cell whiteSpace="normal">
                  <Text fontWeight="medium" overflowWrap="anywhere">
                    {feed.name}
                  </Text>
                  <Text fontSize="xs" color="fg.muted" mb="1">
                    {feed.format}
                  </Text>
                  <Flex gap="2" align="start">
                    <WrappingCode fontSize="xs" flex="1">
                      {url}
                    </WrappingCode>
                    <CopyButton text={url} label="Copy URL" />
                  </Flex>
                </Table.Cell>
                <Table.Cell whiteSpace="normal">
                  <Text fontSize="sm" overflowWrap="anywhere">
                    {selectionText(feed)}
                  </Text>
                </Table.Cell>
                <Table.Cell whiteSpace="normal">
                  {feed.last_pulled_at ? (
                    <>
                      <Text fontSize="sm">{formatDateTime(feed.last_pulled_at)}</Text>
                      <Text fontSize="xs" color="fg.muted">
                        from {feed.last_pulled_from ?? 'an unknown address'}
                      </Text>
                    </>
                  ) : (
                    <Text fontSize="sm" color="fg.muted">
                      Never
                    </Text>
                  )}
                </Table.Cell>
                <Table.Cell textAlign="end">{formatInteger(feed.pull_count)}</Table.Cell>
                <Table.Cell textAlign="end">{formatInteger(feed.alerts_30d)}</Table.Cell>
                <Table.Cell whiteSpace="normal">
                  <Flex gap="1" wrap="wrap" justify="end">
                    <Button size="xs" variant="outline" onClick={() => onEdit(feed)}>
                      Edit filters
                    </Button>
                    <Button size="xs" variant="outline" onClick={() => onRotate(feed)}>
                      New token
                    </Button>
                    <ConfirmDelete
                      subject={`the feed ${feed.name}`}
                      onConfirm={() => onDelete(feed)}
                      pending={deleting}
                      warning="Sensors polling it get 401 from now on."
                    />
                  </Flex>
                </Table.Cell>
              </Table.Row>
            );
          })}
        </Table.Body>
      </Table.Root>
    </Table.ScrollArea>
  );
}
