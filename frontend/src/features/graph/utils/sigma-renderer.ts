/**
 * The graph's WebGL renderer: sigma.js over a graphology graph (https://www.sigmajs.org/docs), with
 * the settings and styles the Graph tab uses. The tab and the `bench:pages` graph scenario both draw
 * through here, so the benchmark measures what analysts get.
 */
import type Graph from 'graphology';
import Sigma, { DEFAULT_STYLES } from 'sigma';
import { colourOf, type GraphPalette } from './graph-colours';
import type { GraphModel } from './graph-data';
import { radialLayout } from './graph-layout';

export function createRenderer(graph: Graph, element: HTMLElement): Sigma {
  return new Sigma(graph, element, {
    settings: {
      renderEdgeLabels: false,
      labelDensity: 0.2,
      minCameraRatio: 0.05,
      maxCameraRatio: 20,
      stagePadding: 40,
      // Node sizes in screen pixels (sigma 4 measures them in graph units by default).
      itemSizesReference: 'screen',
      // Edges stay drawn while panning; sigma hides nothing, so the frames measured are full ones.
      hideEdgesOnMove: false,
    },
    // Sigma's node styles with the label and its hover backdrop in the theme's colours.
    styles: {
      nodes: {
        ...DEFAULT_STYLES.nodes,
        labelColor: { attribute: 'labelColor', defaultValue: '#1a202c' },
        backdropColor: { attribute: 'backdropColor', defaultValue: '#ffffff' },
      },
    },
  });
}

/** Fills a graphology graph from the model: positions from the radial layout, sizes by kind. */
export function fillGraph(model: GraphModel, palette: GraphPalette, graph: Graph): Graph {
  graph.clear();
  const positions = radialLayout(model);
  for (const node of model.nodes.values()) {
    const at = positions.get(node.id) ?? { x: 0, y: 0 };
    const size = node.id === model.root ? 14 : node.kind === 'group' ? 10 : 6;
    graph.addNode(node.id, {
      ...at,
      size,
      label: node.label,
      color: colourOf(palette, node.type),
      labelColor: palette.label,
      backdropColor: palette.background,
    });
  }
  for (const edge of model.edges.values())
    if (!graph.hasEdge(edge.source, edge.target))
      graph.addEdgeWithKey(edge.id, edge.source, edge.target, { size: 1, color: palette.edge });
  return graph;
}
