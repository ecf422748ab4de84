/**
 * The nodes drawn, as text: the accessible alternative to the canvas, with the same data. Each node
 * says its type, name, TLP, date or count and how it is linked to the others drawn; a node that can
 * be expanded has a button doing what a click on the canvas does. Up and down arrows move between
 * the buttons; Tab works as everywhere.
 */
import { Badge, Button, HStack, Stack, Text } from '@chakra-ui/react';
import { useState, type KeyboardEvent } from 'react';
import { InertText } from '@/lib/security/inert-text';
import { isExpandable, linksOf, listedNodes, type GraphModel } from '@/features/graph/utils/graph-data';
import { graphTypeName } from '@/features/graph/utils/graph-names';

/** Past this many the list offers the rest on request: a page of thousands of items helps nobody. */
export const LIST_FIRST = 200;

interface GraphNodeListProps {
  model: GraphModel;
  busy: string | null;
  onToggle: (id: string) => void;
  onMore: (id: string) => void;
}

function moveFocus(event: KeyboardEvent<HTMLElement>) {
  if (event.key !== 'ArrowDown' && event.key !== 'ArrowUp') return;
  const buttons = [...event.currentTarget.querySelectorAll<HTMLButtonElement>('button[data-node-action]')];
  const index = buttons.indexOf(document.activeElement as HTMLButtonElement);
  if (index < 0) return;
  event.preventDefault();
  buttons[Math.min(Math.max(index + (event.key === 'ArrowDown' ? 1 : -1), 0), buttons.length - 1)]?.focus();
}

export function GraphNodeList({ model, busy, onToggle, onMore }: GraphNodeListProps) {
  const [all, setAll] = useState(false);
  const nodes = listedNodes(model);
  const shown = all ? nodes : nodes.slice(0, LIST_FIRST);
  return (
    <Stack as="section" aria-labelledby="graph-node-list-heading" gap="2" minWidth="0">
      <Text id="graph-node-list-heading" as="h3" fontSize="sm" fontWeight="semibold">
        Nodes drawn ({nodes.length.toLocaleString('en')})
      </Text>
      <Stack as="ul" gap="1.5" listStyleType="none" ps="0" fontSize="sm" onKeyDown={moveFocus}>
        {shown.map((node) => {
          const links = linksOf(model, node.id);
          const detail = [
            node.count !== undefined ? `${node.count.toLocaleString('en')} in all` : null,
            node.tlp ? `TLP:${node.tlp.toUpperCase()}` : null,
            node.date ? node.date.slice(0, 10) : null,
          ].filter(Boolean);
          return (
            <li key={node.id}>
              <HStack gap="2" align="start" justify="space-between" borderBottomWidth="1px" pb="1.5">
                <Stack gap="0.5" minWidth="0">
                  <HStack gap="2" wrap="wrap">
                    <Badge variant="subtle">
                      {node.id === model.root ? 'Root' : graphTypeName(node.type)}
                    </Badge>
                    <Text as="span" fontWeight="medium" wordBreak="break-all">
                      <InertText value={node.label} defangLinks={node.kind === 'indicator'} />
                    </Text>
                  </HStack>
                  {detail.length > 0 && (
                    <Text color="fg.muted" fontSize="xs">
                      {detail.join(' · ')}
                    </Text>
                  )}
                  {links.length > 0 && (
                    <Text color="fg.muted" fontSize="xs" wordBreak="break-all">
                      <InertText value={links.slice(0, 5).join('; ') + (links.length > 5 ? '; …' : '')} />
                    </Text>
                  )}
                </Stack>
                <HStack gap="1" flexShrink="0">
                  {node.expanded && node.next && (
                    <Button
                      size="2xs"
                      variant="ghost"
                      data-node-action=""
                      onClick={() => onMore(node.id)}
                      disabled={busy !== null}
                    >
                      More
                    </Button>
                  )}
                  {isExpandable(node, model.root) && (
                    <Button
                      size="2xs"
                      variant="outline"
                      data-node-action=""
                      aria-expanded={node.expanded}
                      aria-label={`${node.expanded ? 'Collapse' : 'Expand'} ${node.label}`}
                      loading={busy === node.id}
                      disabled={busy !== null && busy !== node.id}
                      onClick={() => onToggle(node.id)}
                    >
                      {node.expanded ? 'Collapse' : 'Expand'}
                    </Button>
                  )}
                </HStack>
              </HStack>
            </li>
          );
        })}
      </Stack>
      {!all && nodes.length > LIST_FIRST && (
        <Button size="xs" variant="outline" alignSelf="flex-start" onClick={() => setAll(true)}>
          Show all {nodes.length.toLocaleString('en')} nodes
        </Button>
      )}
    </Stack>
  );
}
