/**
 * WebGL draws with colour values, not CSS: the theme's semantic tokens are read as the browser
 * resolves them (Chakra v3 declares each as a CSS custom property, `--chakra-colors-<token>`, that
 * switches with the `dark` class), so the graph follows the theme like the rest of the page.
 */
export interface GraphPalette {
  label: string;
  background: string;
  edge: string;
  byKind: Record<string, string>;
  fallback: string;
}

/** Node colour per node type: one semantic palette token each (types not listed use gray). */
export const TYPE_TOKENS: Record<string, string> = {
  'intrusion-set': 'red.solid',
  'threat-actor': 'red.solid',
  campaign: 'orange.solid',
  malware: 'purple.solid',
  tool: 'cyan.solid',
  'attack-pattern': 'blue.solid',
  'course-of-action': 'green.solid',
  indicator: 'teal.solid',
  sighting: 'yellow.solid',
  report: 'pink.solid',
};

const cssVar = (token: string) => `--chakra-colors-${token.replace(/\./g, '-')}`;

export function readPalette(element: Element): GraphPalette {
  const style = getComputedStyle(element);
  const read = (token: string, fallback: string) => style.getPropertyValue(cssVar(token)).trim() || fallback;
  const byKind: Record<string, string> = {};
  for (const [type, token] of Object.entries(TYPE_TOKENS)) byKind[type] = read(token, '#718096');
  return {
    label: read('fg', '#1a202c'),
    background: read('bg.panel', '#ffffff'),
    edge: read('border.emphasized', '#a0aec0'),
    byKind,
    fallback: read('gray.solid', '#718096'),
  };
}

export const colourOf = (palette: GraphPalette, type: string) => palette.byKind[type] ?? palette.fallback;
