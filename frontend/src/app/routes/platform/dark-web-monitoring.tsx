/**
 * Dark Web Monitoring: keywords and e-mail domains watched on ransomware leak sites and pastes. A new
 * watch is matched against every stored post on the server at once, so the page says straight away
 * how many posts name it. Posts over time by group, the latest posts naming a watch, and every post,
 * filtered by group and victim; the chart's window, the filters and the open post live in the URL.
 * Posts files are uploaded here and imported by the server's worker.
 */
import { Grid, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo, useState } from 'react';
import { PageHeading } from '@/components/ui/page-heading';
import { useWatchMentionCount } from '@/features/dark-web/api/count-watch-mentions';
import { usePostVolume } from '@/features/dark-web/api/get-post-volume';
import { useHasLeakPosts } from '@/features/dark-web/api/has-leak-posts';
import { darkWebKeys } from '@/features/dark-web/api/keys';
import { LeakUpload } from '@/features/dark-web/components/leak-upload';
import { LeakPostsTable } from '@/features/dark-web/components/leak-posts-table';
import { MentionsTable } from '@/features/dark-web/components/mentions-table';
import { PostDrawer } from '@/features/dark-web/components/post-drawer';
import { PostVolumeChart } from '@/features/dark-web/components/post-volume-chart';
import { darkWebViewSchema, OTHER_GROUPS } from '@/features/dark-web/schemas/dark-web-view';
import { postVolume } from '@/features/dark-web/utils/post-volume';
import { AddKeywordWatchForm } from '@/features/watches/components/add-keyword-watch-form';
import { WatchList } from '@/features/watches/components/watch-list';
import { formatInteger } from '@/lib/format/format';
import { inertString } from '@/lib/security/inert-text';
import { useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

const KEYWORD_KINDS = ['keyword', 'email-domain'] as const;

export default function DarkWebMonitoringPage({ definition }: PlatformPageProps) {
  const [view, setView] = useUrlState(darkWebViewSchema);
  const queryClient = useQueryClient();
  const anyPosts = useHasLeakPosts();
  const volumeRows = usePostVolume(view.window);
  const volume = useMemo(
    () => postVolume(volumeRows.data ?? [], view.window),
    [volumeRows.data, view.window],
  );
  const groups = volume.series.map((item) => item.label).filter((group) => group !== OTHER_GROUPS);
  const [added, setAdded] = useState<{ id: string; value: string } | null>(null);
  const addedCount = useWatchMentionCount(added?.id);

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title} />
      {/* One place whatever the data, so the outcome stays on screen when the first posts arrive. */}
      {anyPosts.data !== undefined && <LeakUpload empty={!anyPosts.data} />}
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', xl: '22rem minmax(0, 1fr)' }}
        gap="6"
        alignItems="start"
      >
        <WatchList
          title="Watched keywords"
          kinds={KEYWORD_KINDS}
          emptyMessage="Nothing is watched yet. Add your brand names, products, executives and e-mail domains."
          deleteWarning="Its mentions go with it; alerts already raised stay in the Hub."
          onChanged={() => void queryClient.invalidateQueries({ queryKey: darkWebKeys.mentions() })}
        >
          <AddKeywordWatchForm
            onAdded={(watch) => {
              void queryClient.invalidateQueries({ queryKey: darkWebKeys.mentions() });
              setAdded({ id: watch.id, value: watch.value });
            }}
          />
          <Text role="status" aria-live="polite" fontSize="sm">
            {added && addedCount.isSuccess
              ? `Watching “${inertString(added.value, { defang: false })}”: ${formatInteger(addedCount.data)} ${addedCount.data === 1 ? 'post names' : 'posts name'} it.`
              : ''}
          </Text>
        </WatchList>
        <Stack gap="4" minWidth="0">
          <PostVolumeChart
            volume={volume}
            window={view.window}
            onWindowChange={(window) => setView({ window })}
            loading={volumeRows.isPending}
          />
          {volumeRows.isError && (
            <Text role="alert" fontSize="sm">
              The post volume could not be loaded: {volumeRows.error.message}
            </Text>
          )}
          <MentionsTable onOpen={(post) => setView({ post }, { push: true })} />
        </Stack>
      </Grid>
      <LeakPostsTable view={view} onViewChange={setView} groups={groups} />
      <PostDrawer id={view.post} onClose={() => setView({ post: undefined })} />
    </Stack>
  );
}
