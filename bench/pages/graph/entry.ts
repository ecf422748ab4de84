/**
 * Bundled into a blank page by the graph scenario (../graph-figures.ts): a synthetic neighbourhood of
 * `nodes` nodes and `edges` links drawn by the Graph tab's own renderer and layout, and a pan/zoom
 * run timed by requestAnimationFrame.
 */
import Graph from 'graphology';
import { readPalette } from '@/features/graph/utils/graph-colours';
import { emptyModel, mergeAnswer, type GraphAnswer } from '@/features/graph/utils/graph-data';
import { createRenderer, fillGraph } from '@/features/graph/utils/sigma-renderer';

/** Deterministic pseudo-random numbers (mulberry32), so every run draws the same graph. */
function random(seed: number) {
  let a = seed;
  return () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const TYPES = ['malware', 'tool', 'attack-pattern', 'indicator', 'campaign'];

/** The root, 50 neighbours each expanded into ~100 nodes (a tree), then cross links up to `edges`. */
function syntheticModel(nodes: number, edges: number) {
  const next = random(29);
  const root = 'root';
  const first: GraphAnswer = {
    root,
    nodes: [{ id: root, kind: 'object', type: 'intrusion-set', label: 'Bench actor' }],
    edges: [],
  };
  const hubs = 50;
  for (let h = 0; h < hubs; h += 1) {
    first.nodes.push({ id: `hub-${h}`, kind: 'object', type: TYPES[h % TYPES.length]!, label: `Hub ${h}` });
    first.edges.push({ source: root, target: `hub-${h}`, type: 'uses' });
  }
  let model = mergeAnswer(emptyModel(root), first);
  const perHub = Math.ceil((nodes - hubs - 1) / hubs);
  const ids = [root, ...Array.from({ length: hubs }, (_, h) => `hub-${h}`)];
  let linkCount = hubs;
  for (let h = 0; h < hubs; h += 1) {
    const answer: GraphAnswer = { root: `hub-${h}`, nodes: [], edges: [] };
    for (let k = 0; k < perHub && ids.length < nodes; k += 1) {
      const id = `n-${h}-${k}`;
      ids.push(id);
      answer.nodes.push({ id, kind: 'indicator', type: 'indicator', label: `value-${h}-${k}.example` });
      answer.edges.push({ source: id, target: `hub-${h}`, type: 'indicates' });
      linkCount += 1;
    }
    model = mergeAnswer(model, answer, `hub-${h}`);
  }
  const cross: GraphAnswer = { root, nodes: [], edges: [] };
  const seen = new Set(model.edges.keys());
  while (linkCount < edges) {
    const source = ids[Math.floor(next() * ids.length)]!;
    const target = ids[Math.floor(next() * ids.length)]!;
    const key = `${source}->${target}`;
    if (source === target || seen.has(key) || seen.has(`${target}->${source}`)) continue;
    seen.add(key);
    cross.edges.push({ source, target, type: 'related-to' });
    linkCount += 1;
  }
  return mergeAnswer(model, cross, root);
}

declare global {
  interface Window {
    graphBench: {
      draw: (nodes: number, edges: number) => { nodes: number; edges: number; ms: number };
      panZoom: (frames: number) => Promise<number[]>;
    };
  }
}

let renderer: ReturnType<typeof createRenderer> | undefined;

window.graphBench = {
  draw(nodes, edges) {
    const started = performance.now();
    const element = document.getElementById('graph') as HTMLElement;
    const graph = fillGraph(syntheticModel(nodes, edges), readPalette(element), new Graph());
    renderer = createRenderer(graph, element);
    return { nodes: graph.order, edges: graph.size, ms: performance.now() - started };
  },
  /** Pans in a circle and zooms in and out, one camera step per frame; returns the frame intervals. */
  panZoom(frames) {
    const camera = renderer!.getCamera();
    return new Promise((resolve) => {
      const times: number[] = [];
      let last = performance.now();
      let frame = 0;
      const step = (now: number) => {
        if (frame > 0) times.push(now - last);
        last = now;
        frame += 1;
        if (frame > frames) {
          resolve(times);
          return;
        }
        const t = frame / 30;
        camera.setState({
          x: 0.5 + 0.2 * Math.cos(t),
          y: 0.5 + 0.2 * Math.sin(t),
          ratio: 0.6 + 0.4 * Math.sin(t / 2),
        });
        requestAnimationFrame(step);
      };
      requestAnimationFrame(step);
    });
  },
};
