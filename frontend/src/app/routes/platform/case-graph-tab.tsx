/**
 * The case page's Graph tab: the graph feature's neighbourhood view (sigma.js, with its list of nodes
 * as text) of one knowledge object or indicator the case links, chosen from a list. Loaded only when
 * the tab is opened.
 */
import { NativeSelect, Spinner, Stack, Text } from '@chakra-ui/react';
import { lazy, Suspense, useState } from 'react';
import { useCaseLinks } from '@/features/cases/api/list-case-links';
import type { CaseExtraTab } from '@/features/cases/components/case-view';

const NeighbourhoodGraph = lazy(() =>
  import('@/features/graph/components/neighbourhood-graph').then((module) => ({
    default: module.NeighbourhoodGraph,
  })),
);

function CaseGraph({ caseId }: { caseId: string }) {
  const links = useCaseLinks(caseId);
  const roots = (links.data ?? []).filter(
    (link) => link.kind === 'intel_object' || link.kind === 'indicator',
  );
  const [chosen, setChosen] = useState<string | null>(null);
  const root = roots.find((link) => String(link.id) === chosen) ?? roots[0];
  if (links.isPending) return <Spinner size="sm" aria-label="Loading the links" />;
  if (!root)
    return (
      <Text color="fg.muted">Link a knowledge object or an indicator to the case to see its graph here.</Text>
    );
  return (
    <Stack gap="3">
      <NativeSelect.Root size="sm" width="auto" maxWidth="32rem">
        <NativeSelect.Field
          aria-label="Graph of"
          value={String(root.id)}
          onChange={(event) => setChosen(event.target.value)}
        >
          {roots.map((link) => (
            <option key={link.id} value={String(link.id)}>
              {link.kind === 'indicator' ? `Indicator ${link.ref}` : link.ref}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <Suspense fallback={<Spinner size="sm" aria-label="Loading the graph" />}>
        <NeighbourhoodGraph
          key={root.id}
          root={{ kind: root.kind === 'indicator' ? 'indicator' : 'object', id: root.ref }}
          height="420px"
        />
      </Suspense>
    </Stack>
  );
}

export const caseGraphTab: CaseExtraTab = {
  id: 'graph',
  label: 'Graph',
  content: (kase) => <CaseGraph caseId={kase.id} />,
};
