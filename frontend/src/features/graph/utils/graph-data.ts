/**
 * The graph's data as the app holds it: the answers of `graph_neighbourhood` (one JSON document per
 * call: root, nodes, edges, and for an opened group its cursor) checked with zod, and merged into one
 * model. Each node remembers which expansion brought it, so collapsing a node takes back what its
 * expansion added (unless something else still holds it). Pure functions: the canvas and the list
 * draw the same model.
 */
import { z } from 'zod';
import { groupLabel } from './graph-names';

export const graphNodeSchema = z
  .object({
    id: z.string(),
    kind: z.enum(['object', 'indicator', 'group']),
    type: z.string(),
    label: z.string(),
    tlp: z.string().optional(),
    date: z.string().optional(),
    count: z.number().optional(),
    by_type: z.record(z.string(), z.number()).optional(),
    group: z.record(z.string(), z.unknown()).optional(),
  })
  .transform((node) => ({ ...node, label: groupLabel(node) }));
export type GraphNode = z.infer<typeof graphNodeSchema>;

export const graphAnswerSchema = z.object({
  root: z.string(),
  group: z.string().optional(),
  next: z.string().nullish(),
  nodes: z.array(graphNodeSchema),
  edges: z.array(z.object({ source: z.string(), target: z.string(), type: z.string() })),
});
export type GraphAnswer = z.infer<typeof graphAnswerSchema>;

export interface ModelNode extends GraphNode {
  /** The expansions that brought this node ('' is the first load, which no collapse takes back). */
  from: string[];
  /** Whether this node's own expansion is open, and the cursor of its next page. */
  expanded: boolean;
  next?: string;
}
export interface ModelEdge {
  id: string;
  source: string;
  target: string;
  type: string;
  from: string[];
}
export interface GraphModel {
  root: string;
  nodes: Map<string, ModelNode>;
  edges: Map<string, ModelEdge>;
}

const edgeId = (source: string, target: string) => `${source}->${target}`;

export function emptyModel(root: string): GraphModel {
  return { root, nodes: new Map(), edges: new Map() };
}

/** Whether clicking the node asks the server for more: a group opens, an object or indicator pivots. */
export function isExpandable(node: GraphNode, root: string): boolean {
  if (node.id === root) return false;
  if (node.kind === 'group') return node.group !== undefined;
  return true;
}

/**
 * Merges one answer into the model. `by` is the node whose expansion asked for it (undefined for the
 * first load); the answer's own root or group node is that node and is not added twice.
 */
export function mergeAnswer(model: GraphModel, answer: GraphAnswer, by?: string): GraphModel {
  const nodes = new Map(model.nodes);
  const edges = new Map(model.edges);
  const origin = by ?? '';
  for (const node of answer.nodes) {
    const known = nodes.get(node.id);
    if (known) {
      if (node.id !== by && !known.from.includes(origin))
        nodes.set(node.id, { ...known, from: [...known.from, origin] });
      continue;
    }
    nodes.set(node.id, { ...node, from: [origin], expanded: false });
  }
  for (const edge of answer.edges) {
    // A page of a group hangs its nodes on the group; a pivot on an object hangs them on it.
    const id = edgeId(edge.source, edge.target);
    const known = edges.get(id);
    if (known) {
      if (!known.from.includes(origin)) edges.set(id, { ...known, from: [...known.from, origin] });
      continue;
    }
    if (!nodes.has(edge.source) || !nodes.has(edge.target)) continue;
    edges.set(id, { id, ...edge, from: [origin] });
  }
  if (by) {
    const opened = nodes.get(by);
    if (opened) nodes.set(by, { ...opened, expanded: true, next: answer.next ?? undefined });
  }
  return { ...model, nodes, edges };
}

/**
 * Takes back what the node's expansion added: nodes and edges brought only by it (and, in turn, by
 * expansions of those nodes), keeping whatever another expansion or the first load also brought.
 */
export function collapse(model: GraphModel, id: string): GraphModel {
  const nodes = new Map(model.nodes);
  const edges = new Map(model.edges);
  const pending = [id];
  while (pending.length > 0) {
    const by = pending.pop() as string;
    const opened = nodes.get(by);
    if (opened) nodes.set(by, { ...opened, expanded: false, next: undefined });
    for (const [key, node] of nodes) {
      if (!node.from.includes(by)) continue;
      const from = node.from.filter((origin) => origin !== by);
      if (from.length === 0 && key !== model.root) {
        nodes.delete(key);
        if (node.expanded) pending.push(key);
      } else nodes.set(key, { ...node, from });
    }
    for (const [key, edge] of edges) {
      if (!edge.from.includes(by)) continue;
      const from = edge.from.filter((origin) => origin !== by);
      if (from.length === 0) edges.delete(key);
      else edges.set(key, { ...edge, from });
    }
  }
  for (const [key, edge] of edges) if (!nodes.has(edge.source) || !nodes.has(edge.target)) edges.delete(key);
  return { ...model, nodes, edges };
}

/** The nodes as the list shows them: the root first, then by type and label. */
export function listedNodes(model: GraphModel): ModelNode[] {
  const root = model.nodes.get(model.root);
  const others = [...model.nodes.values()]
    .filter((node) => node.id !== model.root)
    .sort(
      (a, b) => a.type.localeCompare(b.type) || a.label.localeCompare(b.label) || a.id.localeCompare(b.id),
    );
  return root ? [root, ...others] : others;
}

/** How each node is linked to the others drawn, in words, for the list: "uses OpenLoader". */
export function linksOf(model: GraphModel, id: string): string[] {
  const words: string[] = [];
  for (const edge of model.edges.values()) {
    if (edge.source === id)
      words.push(`${edge.type} → ${model.nodes.get(edge.target)?.label ?? edge.target}`);
    else if (edge.target === id)
      words.push(`${edge.type} ← ${model.nodes.get(edge.source)?.label ?? edge.source}`);
  }
  return words;
}
