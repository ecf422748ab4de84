/**
 * The latest posts that name a watch: which watch, what matched, and the post. Opening a row shows
 * the post; the Hub holds the leak-keyword alert each mention raised.
 */
import { Heading, Stack, Text } from '@chakra-ui/react';
import { DataTable } from '@/components/data-table/data-table';
import { tableQueryState } from '@/components/data-table/query-state';
import type { DataTableColumn } from '@/components/data-table/types';
import { formatInteger } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { MENTIONS_SHOWN, useLeakMentions, type LeakMention } from '@/features/dark-web/api/get-leak-mentions';
import { postColumns } from './post-columns';

const columns: DataTableColumn<LeakMention>[] = [
  {
    id: 'watch',
    header: 'Watch',
    width: 'minmax(8rem, 1fr)',
    required: true,
    cell: (row) => <InertText value={row.watches?.value ?? row.matched} defangLinks={false} singleLine />,
    csv: (row) => row.watches?.value ?? row.matched,
  },
  ...postColumns((row: LeakMention) => row.leak_posts!).filter((column) => column.id !== 'sector'),
];

export function MentionsTable({ onOpen }: { onOpen: (postId: number) => void }) {
  const mentions = useLeakMentions();
  const rows = (mentions.data ?? []).filter((row) => row.leak_posts);
  return (
    <Stack as="section" gap="2" aria-labelledby="mentions-heading">
      <Heading as="h2" size="md" id="mentions-heading">
        Posts naming a watch
      </Heading>
      {mentions.data && (
        <Text fontSize="sm" color="fg.muted">
          {rows.length >= MENTIONS_SHOWN
            ? `The latest ${formatInteger(MENTIONS_SHOWN)}, newest post first.`
            : `${formatInteger(rows.length)} ${rows.length === 1 ? 'post names' : 'posts name'} a watch.`}
        </Text>
      )}
      <DataTable
        label="Posts naming a watch"
        columns={columns}
        rows={rows}
        rowKey={(row) => `${row.post_id}:${row.watch_id}`}
        {...tableQueryState(mentions, 'The mentions')}
        emptyMessage="No post names a watch yet. Add keywords or e-mail domains; each is checked against every post at once."
        onActivate={(row) => onOpen(row.post_id)}
        height="22rem"
      />
    </Stack>
  );
}
