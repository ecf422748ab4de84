/**
 * One leak post: its facts and its body (a paste can hold 64 KB of anything), all as inert text with
 * hosts and links defanged. Opened from the URL, so a post can be shared as a link.
 */
import { Box, Spinner, Stack, Text } from '@chakra-ui/react';
import { EntityDrawer } from '@/components/entity/entity-drawer';
import { Facts } from '@/components/entity/facts';
import { formatDateTime } from '@/lib/format/format';
import { InertText, renderInertUrl } from '@/lib/security/inert-text';
import { useLeakPost, type LeakPostDetail } from '@/features/dark-web/api/get-leak-post';

function Overview({ post }: { post: LeakPostDetail }) {
  const context = post.context && typeof post.context === 'object' && Object.keys(post.context).length > 0;
  return (
    <Stack gap="4">
      <Facts
        items={[
          ['Group', post.group_name ? <InertText value={post.group_name} /> : null],
          ['Published', formatDateTime(post.published_at)],
          ['Source', post.source === 'paste' ? 'Paste' : 'Leak site'],
          ['Country', post.country],
          ['Sector', post.sector ? <InertText value={post.sector} /> : null],
          ['Website', post.website ? <InertText value={post.website} as="code" /> : null],
          ['Post URL', post.url ? renderInertUrl(post.url) : null],
        ]}
      />
      {post.body && (
        <Stack gap="1">
          <Text fontWeight="medium">Body</Text>
          <Box borderWidth="1px" borderRadius="md" p="3" maxHeight="50vh" overflow="auto" fontSize="sm">
            <InertText value={post.body} as="div" />
          </Box>
        </Stack>
      )}
      {context && (
        <Stack gap="1">
          <Text fontWeight="medium">Context</Text>
          <Box borderWidth="1px" borderRadius="md" p="3" maxHeight="30vh" overflow="auto" fontSize="xs">
            <InertText value={JSON.stringify(post.context, null, 2)} as="code" />
          </Box>
        </Stack>
      )}
    </Stack>
  );
}

export function PostDrawer({ id, onClose }: { id: number | undefined; onClose: () => void }) {
  const post = useLeakPost(id);
  const content =
    post.status === 'pending' ? (
      <Spinner size="sm" />
    ) : post.status === 'error' ? (
      <Text role="alert">The post could not be loaded: {post.error.message}</Text>
    ) : post.data ? (
      <Overview post={post.data} />
    ) : (
      <Text>This post no longer exists.</Text>
    );
  return (
    <EntityDrawer
      open={id !== undefined}
      onClose={onClose}
      kind={post.data?.source === 'paste' ? 'Paste' : 'Leak-site post'}
      title={post.data ? <InertText value={post.data.victim} /> : 'Leak post'}
      subtitle="An unverified claim, shown as scraped."
      tabs={[{ id: 'overview', label: 'Overview', content }]}
    />
  );
}
