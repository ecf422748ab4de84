import { ChakraProvider } from '@chakra-ui/react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import {
  APT_A,
  APT_B,
  MATRIX_ROWS,
  T_SCRIPTING,
  T_WMI,
  USAGE_ROWS,
} from '@/features/knowledge/testing/matrix-fixture';
import { buildMatrix, usageByTechnique } from '@/features/knowledge/utils/matrix-model';
import { buildMatrixView } from '@/features/knowledge/utils/matrix-view';
import { system } from '@/theme/system';
import { MatrixGrid } from './matrix-grid';

const tactics = buildMatrix(MATRIX_ROWS);
const usage = usageByTechnique(USAGE_ROWS);

function Harness({ onOpen }: { onOpen: (stixId: string) => void }) {
  const [expanded, setExpanded] = useState<ReadonlySet<string>>(new Set());
  const view = buildMatrixView(tactics, usage, {
    mode: 'usage',
    selected: [
      { stixId: APT_A, name: 'APT A' },
      { stixId: APT_B, name: 'APT B' },
    ],
    onlyUsed: false,
    expanded,
  });
  return (
    <MatrixGrid
      label="ATT&CK Enterprise matrix"
      tactics={view}
      usedLabel="used"
      onOpen={onOpen}
      onToggle={(key) =>
        setExpanded((current) => {
          const next = new Set(current);
          if (next.has(key)) next.delete(key);
          else next.add(key);
          return next;
        })
      }
    />
  );
}

function renderGrid() {
  const onOpen = vi.fn();
  const user = userEvent.setup();
  render(
    <ChakraProvider value={system}>
      <Harness onOpen={onOpen} />
    </ChakraProvider>,
  );
  return { onOpen, user, grid: screen.getByRole('grid', { name: 'ATT&CK Enterprise matrix' }) };
}

const tabStops = (grid: HTMLElement) => grid.querySelectorAll('[tabindex="0"]');

describe('the ATT&CK matrix grid', () => {
  it('is a grid with a column header per tactic and cells that say what they show', () => {
    const { grid } = renderGrid();
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((header) => header.textContent),
    ).toEqual(['Initial AccessTA0001 · 2 techniques · 1 used', 'ExecutionTA0002 · 2 techniques · 2 used']);
    expect(
      within(grid).getByRole('gridcell', {
        name: 'T1047 Windows Management Instrumentation, used by 2 of 2 selected: APT A, APT B',
      }),
    ).toHaveAttribute('data-heat', '4');
    // Under Execution it has its sub-techniques; under Initial Access (in this fixture) none.
    const [initial, execution] = within(grid).getAllByRole('gridcell', { name: /^T1059 Command/ });
    // Coloured through its used sub-technique, dashed, and its tooltip says why.
    expect(execution).toHaveAccessibleName(
      'T1059 Command and Scripting Interpreter, used by 1 of 2 selected: APT A (through a sub-technique), 2 sub-techniques, 1 used',
    );
    expect(execution).toHaveAttribute('data-via-subs', 'true');
    expect(execution).toHaveAttribute('data-heat', '2');
    expect(execution).toHaveAttribute(
      'title',
      'T1059 Command and Scripting Interpreter: coloured through a sub-technique',
    );
    expect(execution).toHaveAttribute('aria-expanded', 'false');
    expect(initial).not.toHaveAttribute('aria-expanded');
    expect(grid).toHaveAttribute('aria-rowcount', '3');
  });

  it('has one tab stop that the arrow keys move, and Enter opens the technique', async () => {
    const { grid, user, onOpen } = renderGrid();
    expect(tabStops(grid)).toHaveLength(1);
    await user.tab();
    expect(document.activeElement).toHaveAccessibleName(/^T1059 Command and Scripting Interpreter/);
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(/^T1566 Phishing/);
    await user.keyboard('{ArrowRight}');
    // Execution's second cell: WMI.
    expect(document.activeElement).toHaveAccessibleName(/^T1047 Windows Management Instrumentation/);
    expect(tabStops(grid)).toHaveLength(1);
    expect(tabStops(grid)[0]).toBe(document.activeElement);
    await user.keyboard('{Enter}');
    expect(onOpen).toHaveBeenCalledWith(T_WMI);
    await user.keyboard('{Control>}{Home}{/Control}');
    expect(document.activeElement).toHaveAccessibleName(/^T1059 Command/);
  });

  it('shows and hides sub-techniques with Space, + and -, and the focus stays on the parent', async () => {
    const { grid, user } = renderGrid();
    await user.click(
      within(grid)
        .getAllByRole('gridcell', { name: /^T1059 Command/ })[1]!
        .querySelector('.cti-toggle')!,
    );
    expect(
      within(grid).getByRole('gridcell', { name: /^T1059\.001 PowerShell \(sub-technique\)/ }),
    ).toBeInTheDocument();
    const parent = within(grid).getAllByRole('gridcell', { name: /^T1059 Command/ })[1]!;
    expect(parent).toHaveAttribute('aria-expanded', 'true');
    parent.focus();
    await user.keyboard('-');
    expect(within(grid).queryByRole('gridcell', { name: /PowerShell/ })).not.toBeInTheDocument();
    await user.keyboard('-');
    expect(within(grid).queryByRole('gridcell', { name: /PowerShell/ })).not.toBeInTheDocument();
    await user.keyboard('+');
    await user.keyboard('{ArrowDown}');
    expect(document.activeElement).toHaveAccessibleName(
      /^T1059\.001 PowerShell \(sub-technique\), used by 1 of 2 selected: APT A/,
    );
    await user.keyboard('{ArrowUp} ');
    expect(within(grid).queryByRole('gridcell', { name: /PowerShell/ })).not.toBeInTheDocument();
    expect(document.activeElement).toHaveAccessibleName(/^T1059 Command/);
  });

  it('opens a technique on a click without expanding it', async () => {
    const { grid, user, onOpen } = renderGrid();
    await user.click(within(grid).getAllByRole('gridcell', { name: /^T1059 Command/ })[0]!);
    expect(onOpen).toHaveBeenCalledWith(T_SCRIPTING);
    expect(within(grid).queryByRole('gridcell', { name: /PowerShell/ })).not.toBeInTheDocument();
  });
});
