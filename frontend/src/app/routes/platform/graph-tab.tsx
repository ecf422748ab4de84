/**
 * The Graph tab of an object's profile: the graph feature composed into the knowledge feature's
 * entity screen (features do not import each other). The graph and sigma.js load only when the tab
 * is opened (the drawer mounts tab contents lazily, and this is a lazy chunk).
 */
import { Spinner } from '@chakra-ui/react';
import { lazy, Suspense } from 'react';
import type { EntityTab } from '@/components/entity/entity-drawer';

const NeighbourhoodGraph = lazy(() =>
  import('@/features/graph/components/neighbourhood-graph').then((module) => ({
    default: module.NeighbourhoodGraph,
  })),
);

export function graphTabs(stixId: string): EntityTab[] {
  return [
    {
      id: 'graph',
      label: 'Graph',
      content: (
        <Suspense fallback={<Spinner size="sm" aria-label="Loading the graph" />}>
          <NeighbourhoodGraph root={{ kind: 'object', id: stixId }} height="360px" />
        </Suspense>
      ),
    },
  ];
}
