import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { emptyModel, graphAnswerSchema, mergeAnswer } from '@/features/graph/utils/graph-data';
import { system } from '@/theme/system';
import { GraphNodeList, LIST_FIRST } from './graph-node-list';

const ROOT = 'intrusion-set--00000000-0000-4000-a000-000000000001';

function modelOf(extra: number) {
  return mergeAnswer(
    emptyModel(ROOT),
    graphAnswerSchema.parse({
      root: ROOT,
      nodes: [
        { id: ROOT, kind: 'object', type: 'intrusion-set', label: 'Graph Panda', tlp: 'clear' },
        {
          id: 'malware--1',
          kind: 'object',
          type: 'malware',
          label: '<img src=x onerror=alert(1)>',
          tlp: 'amber',
        },
        {
          id: `group:${ROOT}:indicator`,
          kind: 'group',
          type: 'indicator',
          label: '100,000 indicators',
          count: 100000,
          group: { group: 'indicator' },
        },
        ...Array.from({ length: extra }, (_, n) => ({
          id: `tool--${n}`,
          kind: 'object',
          type: 'tool',
          label: `Tool ${n}`,
        })),
      ],
      edges: [
        { source: ROOT, target: 'malware--1', type: 'uses' },
        { source: `group:${ROOT}:indicator`, target: ROOT, type: 'indicates' },
      ],
    }),
  );
}

const renderList = (extra = 0) => {
  const onToggle = vi.fn();
  render(
    <ChakraProvider value={system}>
      <GraphNodeList model={modelOf(extra)} busy={null} onToggle={onToggle} onMore={vi.fn()} />
    </ChakraProvider>,
  );
  return onToggle;
};

describe('GraphNodeList', () => {
  it('lists every node drawn as text, hostile names inert, with links and counts', () => {
    renderList();
    const list = screen.getByRole('region', { name: 'Nodes drawn (3)' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(3);
    expect(items[0]).toHaveTextContent('Root');
    expect(items[0]).toHaveTextContent('Graph Panda');
    expect(list.querySelector('img')).toBeNull();
    expect(list).toHaveTextContent('<img src=x onerror=alert(1)>');
    expect(list).toHaveTextContent('100,000 in all');
    expect(list).toHaveTextContent('uses ← Graph Panda');
    expect(list).toHaveTextContent('TLP:AMBER');
  });

  it('expands by button, and the arrow keys move between the buttons', async () => {
    const onToggle = renderList();
    const user = userEvent.setup();
    const expandGroup = screen.getByRole('button', { name: 'Expand 100,000 indicators' });
    expect(expandGroup).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByRole('button', { name: 'Expand Graph Panda' })).toBeNull();
    await user.click(expandGroup);
    expect(onToggle).toHaveBeenCalledWith(`group:${ROOT}:indicator`);
    await user.keyboard('{ArrowDown}');
    expect(screen.getByRole('button', { name: 'Expand <img src=x onerror=alert(1)>' })).toHaveFocus();
    await user.keyboard('{ArrowUp}');
    expect(expandGroup).toHaveFocus();
  });

  it('shows the first nodes of a long list and the rest on request', async () => {
    renderList(LIST_FIRST + 5);
    expect(screen.getAllByRole('listitem')).toHaveLength(LIST_FIRST);
    await userEvent.setup().click(screen.getByRole('button', { name: `Show all ${LIST_FIRST + 8} nodes` }));
    expect(screen.getAllByRole('listitem')).toHaveLength(LIST_FIRST + 8);
  });
});
