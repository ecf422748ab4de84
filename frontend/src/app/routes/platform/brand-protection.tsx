/**
 * Brand Protection: the watched domains, each with the lookalikes generated for it in this page
 * (dnstwist's families, stored and matched by the server), counted by family and listed; and the
 * lookalikes intelligence already lists as malicious, as alerts that open in the Hub. The open watch
 * and the filters live in the URL.
 */
import { Grid, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { PageHeading } from '@/components/ui/page-heading';
import { brandKeys } from '@/features/brand/api/keys';
import { LookalikeHits } from '@/features/brand/components/lookalike-hits';
import { LookalikePanel } from '@/features/brand/components/lookalike-panel';
import { brandViewSchema } from '@/features/brand/schemas/brand-view';
import { useWatches } from '@/features/watches/api/get-watches';
import { AddDomainWatchForm } from '@/features/watches/components/add-domain-watch-form';
import { WatchList } from '@/features/watches/components/watch-list';
import { useUrlState } from '@/lib/url-state';
import type { PlatformPageProps } from './pages';

const DOMAIN_KINDS = ['domain'] as const;

export default function BrandProtectionPage({ definition }: PlatformPageProps) {
  const [view, setView] = useUrlState(brandViewSchema);
  const queryClient = useQueryClient();
  const watches = useWatches(DOMAIN_KINDS);
  // No watch in the URL: the newest one, so the page opens on something.
  const open = view.watch ? watches.data?.find((watch) => watch.id === view.watch) : watches.data?.[0];

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }}>
      <PageHeading title={definition.title} />
      <Grid
        templateColumns={{ base: 'minmax(0, 1fr)', xl: '22rem minmax(0, 1fr)' }}
        gap="6"
        alignItems="start"
      >
        <WatchList
          title="Watched domains"
          kinds={DOMAIN_KINDS}
          emptyMessage="No domain is watched yet. Add your own domains to see their lookalikes."
          deleteWarning="Its lookalikes go with it; alerts already raised stay in the Hub."
          onChanged={() => void queryClient.invalidateQueries({ queryKey: brandKeys.all })}
          selectedId={open?.id}
          onSelect={(watch) => setView({ watch: watch.id, family: undefined, q: '' }, { push: true })}
        >
          <AddDomainWatchForm
            onAdded={(added) => {
              void queryClient.invalidateQueries({ queryKey: brandKeys.all });
              setView({ watch: added.watchId, family: undefined, q: '' }, { push: true });
            }}
          />
        </WatchList>
        {open ? (
          <LookalikePanel key={open.id} watch={open} view={view} onViewChange={setView} />
        ) : (
          <Text color="fg.muted" py="6">
            {watches.isPending
              ? ''
              : view.watch && watches.isSuccess
                ? 'This watch no longer exists: choose another.'
                : 'Choose a watched domain to see its lookalikes.'}
          </Text>
        )}
      </Grid>
      {/* Once the watches are known, so the hits are asked for once, for the open watch. */}
      {!watches.isPending && <LookalikeHits watch={open?.value ?? null} />}
    </Stack>
  );
}
