/**
 * The graph drawn with WebGL: sigma.js over a graphology graph (https://www.sigmajs.org/docs). Loaded
 * only with the Graph tab (its own chunk). Pan by dragging, zoom with the wheel or the buttons, click
 * a node to expand or collapse it. Colours come from the theme's semantic tokens and follow a theme
 * switch. Without WebGL the canvas says so; the list beside it carries the same data.
 */
import { Box, Button, HStack, Text } from '@chakra-ui/react';
import Graph from 'graphology';
import { useEffect, useRef, useState } from 'react';
import { LuMaximize, LuZoomIn, LuZoomOut } from 'react-icons/lu';
import type Sigma from 'sigma';
import { readPalette } from '@/features/graph/utils/graph-colours';
import type { GraphModel } from '@/features/graph/utils/graph-data';
import { createRenderer, fillGraph } from '@/features/graph/utils/sigma-renderer';

interface GraphCanvasProps {
  model: GraphModel;
  onNodeClick: (id: string) => void;
  height?: string;
}

function supportsWebGL2(): boolean {
  try {
    return document.createElement('canvas').getContext('webgl2') !== null;
  } catch {
    return false;
  }
}

export default function GraphCanvas({ model, onNodeClick, height = '420px' }: GraphCanvasProps) {
  const container = useRef<HTMLDivElement>(null);
  const sigma = useRef<Sigma | null>(null);
  const graph = useRef(new Graph());
  const click = useRef(onNodeClick);
  const [failed, setFailed] = useState<string | null>(() =>
    supportsWebGL2() ? null : 'WebGL 2 is not available',
  );
  const [themeTick, setThemeTick] = useState(0);
  useEffect(() => {
    click.current = onNodeClick;
  }, [onNodeClick]);

  // The theme class on <html> switches the tokens: redraw with the new colours.
  useEffect(() => {
    const observer = new MutationObserver(() => setThemeTick((tick) => tick + 1));
    observer.observe(document.documentElement, { attributes: true, attributeFilter: ['class'] });
    return () => observer.disconnect();
  }, []);

  useEffect(() => {
    const element = container.current;
    if (!element || failed) return;
    let renderer: Sigma;
    try {
      renderer = createRenderer(graph.current, element);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      void Promise.resolve().then(() => setFailed(reason));
      return;
    }
    renderer.on('clickNode', ({ node }) => click.current(node));
    sigma.current = renderer;
    return () => {
      renderer.kill();
      sigma.current = null;
    };
  }, [failed]);

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const palette = readPalette(element);
    fillGraph(model, palette, graph.current);
    sigma.current?.refresh();
  }, [model, themeTick]);

  const camera = () => sigma.current?.getCamera();
  return (
    <Box position="relative" borderWidth="1px" borderRadius="md" bg="bg.subtle" minWidth="0">
      <HStack position="absolute" top="2" right="2" zIndex="1" gap="1">
        <Button
          size="xs"
          variant="outline"
          bg="bg"
          aria-label="Zoom in"
          onClick={() => void camera()?.zoomIn()}
        >
          <LuZoomIn aria-hidden="true" />
        </Button>
        <Button
          size="xs"
          variant="outline"
          bg="bg"
          aria-label="Zoom out"
          onClick={() => void camera()?.zoomOut()}
        >
          <LuZoomOut aria-hidden="true" />
        </Button>
        <Button
          size="xs"
          variant="outline"
          bg="bg"
          aria-label="Reset the view"
          onClick={() => void camera()?.reset()}
        >
          <LuMaximize aria-hidden="true" />
        </Button>
      </HStack>
      {failed ? (
        <Text p="4" role="status" color="fg.muted">
          This browser cannot draw the graph ({failed}); the list has the same nodes.
        </Text>
      ) : (
        <Box
          ref={container}
          height={height}
          width="100%"
          role="img"
          aria-label={`Graph of ${model.nodes.size} nodes and ${model.edges.size} links; the list of nodes follows`}
          data-testid="graph-canvas"
        />
      )}
    </Box>
  );
}
