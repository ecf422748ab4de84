/**
 * Unified Intelligence: one search box over the whole knowledge base. Typos are forgiven, defanged
 * indicators are read as the real ones, results come grouped by kind, and a result opens its entity
 * with its relationships. The query and the open entity are in the URL.
 */
import { Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { z } from 'zod';
import { PageHeading } from '@/components/ui/page-heading';
import { platformPath } from '@/config/paths';
import { IndicatorDrawer } from '@/features/indicators/components/indicator-drawer';
import { RevokeDialog } from '@/features/indicators/components/revoke-dialog';
import { IntelObjectDrawer } from '@/features/knowledge/components/intel-object-drawer';
import {
  MIN_QUERY_LENGTH,
  normaliseQuery,
  useUnifiedSearch,
  type SearchHit,
} from '@/features/search/api/unified-search';
import { SearchResults } from '@/features/search/components/search-results';
import { VulnerabilityDrawer } from '@/features/vulnerabilities/components/vulnerability-drawer';
import { useDebouncedInput } from '@/lib/use-debounced-input';
import { useUrlState } from '@/lib/url-state';
import { useNavigate } from 'react-router';
import type { PlatformPageProps } from './pages';

const TYPING_PAUSE_MS = 200;

const searchStateSchema = z.object({
  q: z.string().max(200).default(''),
  kind: z.string().max(40).optional(),
  id: z.string().max(300).optional(),
});

export default function UnifiedIntelligencePage({ definition }: PlatformPageProps) {
  const [state, setState] = useUrlState(searchStateSchema);
  const navigate = useNavigate();
  const [text, setText] = useDebouncedInput(state.q, (q) => setState({ q }), {
    delayMs: TYPING_PAUSE_MS,
    normalise: normaliseQuery,
  });
  const [revoking, setRevoking] = useState<{ ids: number[]; revoke: boolean }>({ ids: [], revoke: true });

  const search = useUnifiedSearch(state.q);
  const open = (hit: SearchHit) => {
    if (hit.kind === 'alert')
      void navigate(`${platformPath('threatIntelligenceHub')}?alert=${encodeURIComponent(hit.id)}`);
    else setState({ kind: hit.kind, id: hit.id }, { push: true });
  };
  const close = () => setState({ kind: undefined, id: undefined });
  const objectId = state.kind && !['cve', 'indicator'].includes(state.kind) ? state.id : undefined;

  return (
    <Stack gap="4" p={{ base: '3', md: '6' }} maxWidth="64rem">
      <PageHeading title={definition.title} />
      <Input
        size="lg"
        type="search"
        autoFocus
        data-indicator-input="true"
        aria-label="Search the knowledge base"
        placeholder="CVE, indicator (defanged is fine), actor, malware, technique, alert…"
        value={text}
        onChange={(event) => setText(event.target.value)}
      />
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {state.q.length < MIN_QUERY_LENGTH
          ? 'Type at least two characters.'
          : search.isFetching && !search.data
            ? 'Searching…'
            : search.data
              ? `${search.data.length === 0 ? 'Nothing found' : 'Results'} for “${state.q}”`
              : ''}
      </Text>
      {search.isError && <Text role="alert">The search failed: {search.error.message}</Text>}
      {search.data && state.q.length >= MIN_QUERY_LENGTH && (
        <SearchResults hits={search.data} onOpen={open} />
      )}
      <VulnerabilityDrawer cveId={state.kind === 'cve' ? state.id : undefined} onClose={close} />
      <IndicatorDrawer
        id={state.kind === 'indicator' && state.id ? Number(state.id) : undefined}
        onClose={close}
        onRevoke={(indicator) => setRevoking({ ids: [indicator.id], revoke: !indicator.revoked })}
      />
      <IntelObjectDrawer
        stixId={objectId}
        onClose={close}
        indicatorsHref={(stixId) =>
          `${platformPath('iocIntelligence')}?malware=${encodeURIComponent(stixId)}`
        }
      />
      <RevokeDialog
        ids={revoking.ids}
        revoke={revoking.revoke}
        onClose={() => setRevoking({ ids: [], revoke: true })}
      />
    </Stack>
  );
}
