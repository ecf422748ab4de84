/**
 * A cheap radial layout for a neighbourhood: the root in the middle, its neighbours on a circle, and
 * what a node's expansion brought on an arc beyond that node, facing away from the root. Deterministic
 * (the same model draws the same picture) and linear in the nodes, so it never blocks a frame the
 * way a force layout of thousands of nodes would.
 */
import type { GraphModel } from './graph-data';

export interface Point {
  x: number;
  y: number;
}

export function radialLayout(model: GraphModel): Map<string, Point> {
  const children = new Map<string, string[]>();
  for (const node of model.nodes.values()) {
    if (node.id === model.root) continue;
    // The first load's nodes ring the root; an expansion's hang on the node expanded.
    const parent = node.from.includes('')
      ? model.root
      : (node.from.find((origin) => model.nodes.has(origin)) ?? model.root);
    const list = children.get(parent) ?? [];
    list.push(node.id);
    children.set(parent, list);
  }
  const positions = new Map<string, Point>([[model.root, { x: 0, y: 0 }]]);
  const angles = new Map<string, number>([[model.root, 0]]);
  const queue = [model.root];
  while (queue.length > 0) {
    const parent = queue.shift() as string;
    const kids = (children.get(parent) ?? []).sort();
    if (kids.length === 0) continue;
    const origin = positions.get(parent) as Point;
    const isRoot = parent === model.root;
    // The root's ring grows with its neighbours so labels keep apart; an expansion fans out on an
    // arc of at most a half-turn, wider for more nodes.
    const radius = isRoot ? Math.max(1, kids.length / 10) : 0.6 + kids.length / 40;
    const span = isRoot ? 2 * Math.PI : Math.min(Math.PI, 0.35 * kids.length);
    const facing = angles.get(parent) ?? 0;
    kids.forEach((id, index) => {
      const angle = isRoot
        ? (2 * Math.PI * index) / kids.length
        : facing - span / 2 + (kids.length === 1 ? span / 2 : (span * index) / (kids.length - 1));
      positions.set(id, { x: origin.x + radius * Math.cos(angle), y: origin.y + radius * Math.sin(angle) });
      angles.set(id, angle);
      queue.push(id);
    });
  }
  // Nodes only reachable through each other (after a collapse) go on an outer ring.
  const stray = [...model.nodes.keys()].filter((id) => !positions.has(id));
  const outer = Math.max(...[...positions.values()].map((p) => Math.hypot(p.x, p.y)), 1) + 1;
  stray.forEach((id, index) => {
    const angle = (2 * Math.PI * index) / stray.length;
    positions.set(id, { x: outer * Math.cos(angle), y: outer * Math.sin(angle) });
  });
  return positions;
}
