/**
 * Unified Intelligence: one search box over the whole knowledge base. Typos are forgiven, defanged
 * indicators are read as the real ones, results come grouped by kind, and a result opens its entity
 * with its relationships. The query and the open entity are in the URL.
 */
import { Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { PageHeading } from '@/components/ui/page-heading';
import { SearchInput } from '@/components/ui/search-input';
import { SEARCH_LIMITS } from '@/config/constants';
import { entityPaths } from '@/config/paths';
import { IndicatorDrawer } from '@/features/indicators/components/indicator-drawer';
import { RevokeDialog } from '@/features/indicators/components/revoke-dialog';
import { IntelObjectDrawer } from '@/features/knowledge/components/intel-object-drawer';
import { MIN_QUERY_LENGTH, useUnifiedSearch, type SearchHit } from '@/features/search/api/unified-search';
import { SearchResults } from '@/features/search/components/search-results';
import { openEntity, searchViewSchema } from '@/features/search/schemas/search-view';
import { VulnerabilityDrawer } from '@/features/vulnerabilities/components/vulnerability-drawer';
import { isInputRefused, searchTextProblem } from '@/lib/search-text';
import { useUrlState } from '@/lib/url-state';
import { useNavigate } from 'react-router';
import { graphTabs } from './graph-tab';
import type { PlatformPageProps } from './pages';

const TYPING_PAUSE_MS = 200;

export default function UnifiedIntelligencePage({ definition }: PlatformPageProps) {
  const [state, setState] = useUrlState(searchViewSchema);
  const navigate = useNavigate();
  const [revoking, setRevoking] = useState<{ ids: number[]; revoke: boolean }>({ ids: [], revoke: true });

  const search = useUnifiedSearch(state.q);
  const open = (hit: SearchHit) => {
    if (hit.kind === 'alert') void navigate(entityPaths.alert(hit.id));
    else if (hit.kind === 'asset') void navigate(entityPaths.asset(hit.id));
    else setState({ kind: hit.kind, id: hit.id }, { push: true });
  };
  const close = () => setState({ kind: undefined, id: undefined });
  const entity = openEntity(state);
  const tooLong = searchTextProblem(state.q, SEARCH_LIMITS.unified) !== null;

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxWidth="64rem">
      <PageHeading title={definition.title} />
      <SearchInput
        size="lg"
        maxWidth="full"
        autoFocus
        label="Search the knowledge base"
        placeholder="CVE, indicator (defanged is fine), actor, malware, technique, alert, asset…"
        limit={SEARCH_LIMITS.unified}
        delayMs={TYPING_PAUSE_MS}
        value={state.q}
        onCommit={(q) => setState({ q })}
      />
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {tooLong
          ? ''
          : state.q.length < MIN_QUERY_LENGTH
            ? 'Type at least two characters.'
            : search.isFetching && !search.data
              ? 'Searching…'
              : search.data
                ? `${search.data.length === 0 ? 'Nothing found' : 'Results'} for “${state.q}”`
                : ''}
      </Text>
      {search.isError && !isInputRefused(search.error) && (
        <Text role="alert">The search failed: {search.error.message}</Text>
      )}
      {search.data && !tooLong && state.q.length >= MIN_QUERY_LENGTH && (
        <SearchResults hits={search.data} onOpen={open} />
      )}
      <VulnerabilityDrawer cveId={entity.cveId} onClose={close} />
      <IndicatorDrawer
        id={entity.indicatorId}
        onClose={close}
        onRevoke={(indicator) => setRevoking({ ids: [indicator.id], revoke: !indicator.revoked })}
      />
      <IntelObjectDrawer
        stixId={entity.stixId}
        onClose={close}
        indicatorsHref={entityPaths.indicatorsOf}
        extraTabs={graphTabs}
      />
      <RevokeDialog
        ids={revoking.ids}
        revoke={revoking.revoke}
        onClose={() => setRevoking({ ids: [], revoke: true })}
      />
    </Stack>
  );
}
