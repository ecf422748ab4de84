/** The knowledge graph of one object or indicator, for profiles and cases. */
export { NeighbourhoodGraph, type NeighbourhoodGraphProps } from './components/neighbourhood-graph';
export type { GraphRoot, GraphRootKind } from './api/get-graph-neighbourhood';
