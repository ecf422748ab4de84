/**
 * Every imported leak post, newest first, in keyset pages as the table scrolls; filtered by group and
 * by a search of the victim's name, both in the URL. A row opens the post.
 */
import { Button, Flex, Heading, Stack } from '@chakra-ui/react';
import { useMemo } from 'react';
import { DataTable } from '@/components/data-table/data-table';
import { pagedTableState } from '@/components/data-table/query-state';
import { FilterSelect } from '@/components/ui/filter-select';
import { SearchInput } from '@/components/ui/search-input';
import { SEARCH_LIMITS } from '@/config/constants';
import { inertString } from '@/lib/security/inert-text';
import { useLeakPosts, type LeakPost } from '@/features/dark-web/api/get-leak-posts';
import type { DarkWebView } from '@/features/dark-web/schemas/dark-web-view';
import { postColumns } from './post-columns';

const columns = postColumns((row: LeakPost) => row);

interface LeakPostsTableProps {
  view: DarkWebView;
  onViewChange: (patch: Partial<DarkWebView>, options?: { push?: boolean }) => void;
  /** Groups to offer: those in the chart. */
  groups: readonly string[];
}

export function LeakPostsTable({ view, onViewChange, groups }: LeakPostsTableProps) {
  const filters = useMemo(() => ({ group: view.group, q: view.q }), [view.group, view.q]);
  const posts = useLeakPosts(filters);
  const rows = useMemo(() => posts.data?.pages.flat() ?? [], [posts.data]);
  const offered = view.group && !groups.includes(view.group) ? [view.group, ...groups] : groups;

  return (
    <Stack as="section" gap="2" aria-labelledby="leak-posts-heading">
      <Heading as="h2" size="md" id="leak-posts-heading">
        Leak posts
      </Heading>
      <Flex gap="2" wrap="wrap" align="center" role="search" aria-label="Filter leak posts">
        <SearchInput
          size="sm"
          maxWidth="20rem"
          placeholder="Search victims"
          label="Search victims"
          limit={SEARCH_LIMITS.leakPosts}
          value={view.q}
          onCommit={(q) => onViewChange({ q })}
        />
        <FilterSelect
          label="Group"
          value={view.group ?? ''}
          onChange={(group) => onViewChange({ group: group || undefined })}
        >
          <option value="">All groups</option>
          {offered.map((group) => (
            <option key={group} value={group}>
              {inertString(group, { defang: false })}
            </option>
          ))}
        </FilterSelect>
        {(view.group || view.q) && (
          <Button size="sm" variant="ghost" onClick={() => onViewChange({ group: undefined, q: '' })}>
            Clear filters
          </Button>
        )}
      </Flex>
      <DataTable
        label="Leak posts"
        columns={columns}
        rows={rows}
        rowKey={(row) => String(row.id)}
        {...pagedTableState(posts, 'The leak posts')}
        emptyMessage={
          view.group || view.q ? 'No post matches these filters.' : 'No leak post has been imported yet.'
        }
        onActivate={(row) => onViewChange({ post: row.id }, { push: true })}
        height="60vh"
      />
    </Stack>
  );
}
