/**
 * A root's neighbourhood as a graph (issue 29 §3): expanded on the server with aggregation
 * (`graph_neighbourhood`), drawn with WebGL (the canvas is its own lazily loaded chunk), and listed
 * as text beside it for keyboard and screen-reader users. Clicking a node, on the canvas or in the
 * list, expands it (a group opens by type or into a page; an object or indicator shows its own
 * neighbours) or collapses it again. Usage: `<NeighbourhoodGraph root={{ kind: 'object', id }} />`.
 */
import { Box, Flex, Spinner, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useState } from 'react';
import {
  graphQueryOptions,
  useGraphNeighbourhood,
  type GraphFilters as Filters,
  type GraphRoot,
} from '@/features/graph/api/get-graph-neighbourhood';
import {
  collapse,
  emptyModel,
  mergeAnswer,
  type GraphAnswer,
  type GraphModel,
} from '@/features/graph/utils/graph-data';
import { GraphFilters } from './graph-filters';
import { GraphNodeList } from './graph-node-list';

const GraphCanvas = lazy(() => import('./graph-canvas'));

export interface NeighbourhoodGraphProps {
  root: GraphRoot;
  /** Height of the canvas (CSS). */
  height?: string;
}

const NO_FILTERS: Filters = { types: [] };

export function NeighbourhoodGraph({ root, height }: NeighbourhoodGraphProps) {
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const first = useGraphNeighbourhood({ root, filters });
  const queryClient = useQueryClient();
  // The model starts from each first answer (a new root or filters) and grows with expansions.
  const [tracked, setTracked] = useState<{ answer?: GraphAnswer; model: GraphModel }>(() => ({
    model: emptyModel(root.id),
  }));
  if (first.data && tracked.answer !== first.data)
    setTracked({ answer: first.data, model: mergeAnswer(emptyModel(first.data.root), first.data) });
  const model = tracked.model;
  const setModel = useCallback(
    (change: (current: GraphModel) => GraphModel) =>
      setTracked((current) => ({ ...current, model: change(current.model) })),
    [],
  );
  const [busy, setBusy] = useState<string | null>(null);
  const [message, setMessage] = useState('');

  const load = useCallback(
    async (id: string, more: boolean) => {
      const node = model.nodes.get(id);
      if (!node) return;
      if (node.expanded && !more) {
        setModel((current) => collapse(current, id));
        setMessage(`Collapsed ${node.label}.`);
        return;
      }
      const request =
        node.kind === 'group'
          ? { root, filters, expand: more ? { ...node.group, after: node.next } : node.group }
          : { root: { kind: node.kind, id: node.id } as GraphRoot, filters };
      setBusy(id);
      try {
        const answer = await queryClient.fetchQuery(graphQueryOptions(request));
        setModel((current) => {
          const merged = mergeAnswer(current, answer, id);
          setMessage(
            `${more ? 'More of' : 'Expanded'} ${node.label}: ${merged.nodes.size - current.nodes.size} nodes added.`,
          );
          return merged;
        });
      } catch (error) {
        setMessage(
          `${node.label} could not be expanded: ${error instanceof Error ? error.message : String(error)}`,
        );
      } finally {
        setBusy(null);
      }
    },
    [model, root, filters, queryClient, setModel],
  );
  const toggle = useCallback((id: string) => void load(id, false), [load]);
  const more = useCallback((id: string) => void load(id, true), [load]);

  return (
    <Stack gap="3" minWidth="0">
      <GraphFilters value={filters} onChange={setFilters} />
      {first.isPending ? (
        <Spinner size="sm" aria-label="Loading the graph" />
      ) : first.isError ? (
        <Text role="alert">The graph could not be loaded: {first.error.message}</Text>
      ) : (
        <Flex gap="4" direction="column" align="stretch">
          <Box minWidth="0">
            <Suspense fallback={<Spinner size="sm" aria-label="Loading the graph view" />}>
              <GraphCanvas model={model} onNodeClick={toggle} height={height} />
            </Suspense>
            <Text fontSize="xs" color="fg.muted" mt="1">
              Drag to pan, scroll or use the buttons to zoom, click a node to expand or collapse it.
            </Text>
          </Box>
          <Box minWidth="0" maxHeight={height ?? '420px'} overflowY="auto">
            <GraphNodeList model={model} busy={busy} onToggle={toggle} onMore={more} />
          </Box>
        </Flex>
      )}
      <Text role="status" aria-live="polite" fontSize="xs" color="fg.muted">
        {message}
      </Text>
    </Stack>
  );
}
