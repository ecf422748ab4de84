import { describe, expect, it } from 'vitest';
import {
  APT_A,
  APT_B,
  MATRIX_ROWS,
  SIGHTING_ROWS,
  T_SCRIPTING,
  USAGE_ROWS,
} from '@/features/knowledge/testing/matrix-fixture';
import { buildMatrix, matrixPlatforms, usageByTechnique } from './matrix-model';
import { buildMatrixView, countUsedTechniques, heatLevel, type MatrixViewOptions } from './matrix-view';

const tactics = buildMatrix(MATRIX_ROWS);
const selected = [
  { stixId: APT_A, name: 'APT A' },
  { stixId: APT_B, name: 'APT B' },
];
const options = (patch: Partial<MatrixViewOptions> = {}): MatrixViewOptions => ({
  mode: 'usage',
  selected,
  onlyUsed: false,
  expanded: new Set(),
  ...patch,
});
const ids = (column: { cells: { id: string }[] }) => column.cells.map((cell) => cell.id);

describe('the matrix model', () => {
  it('keeps the tactics in the matrix order, techniques by name, sub-techniques under their parent', () => {
    expect(tactics.map((tactic) => tactic.name)).toEqual(['Initial Access', 'Execution']);
    expect(tactics[0]!.techniques.map((t) => t.id)).toEqual(['T1059', 'T1566']);
    const scripting = tactics[1]!.techniques.find((t) => t.stixId === T_SCRIPTING)!;
    expect(scripting.subs.map((t) => t.name)).toEqual(['PowerShell', 'Python']);
    expect(tactics[1]!.techniques.map((t) => t.id)).toEqual(['T1059', 'T1047']);
  });

  it('lists the platforms once each', () => {
    expect(matrixPlatforms(tactics)).toEqual(['Linux', 'Windows']);
  });
});

describe('the matrix view', () => {
  const usage = usageByTechnique(USAGE_ROWS);

  it('colours by how many of the selected use a technique and marks which', () => {
    const [initial, execution] = buildMatrixView(tactics, usage, options());
    const phishing = initial!.cells.find((cell) => cell.id === 'T1566')!;
    expect(phishing).toMatchObject({ heat: 2, count: '1', marks: [true, false] });
    expect(phishing.label).toBe('T1566 Phishing, used by 1 of 2 selected: APT A');
    const wmi = execution!.cells.find((cell) => cell.id === 'T1047')!;
    expect(wmi).toMatchObject({ heat: 4, count: '2', marks: [true, true] });
    expect(execution!.used).toBe(2);
  });

  it('colours a parent whose sub-technique is used, and says it is through the sub-technique', () => {
    const execution = buildMatrixView(tactics, usage, options())[1]!;
    const scripting = execution.cells.find((cell) => cell.id === 'T1059')!;
    expect(scripting).toMatchObject({
      heat: 2,
      count: '1',
      marks: [true, false],
      viaSubs: true,
      subsNote: '1/2',
      expanded: false,
    });
    expect(scripting.label).toBe(
      'T1059 Command and Scripting Interpreter, used by 1 of 2 selected: APT A (through a sub-technique), 2 sub-techniques, 1 used',
    );
    // A technique used directly is not marked as coloured through its sub-techniques.
    expect(execution.cells.find((cell) => cell.id === 'T1047')!.viaSubs).toBe(false);
  });

  it("counts what the selection uses as the actor's profile does: every technique and sub-technique once", () => {
    // APT A uses Phishing, PowerShell (a sub-technique) and WMI; APT B only WMI.
    expect(countUsedTechniques(tactics, usage, options())).toEqual({ byAny: 3, byAll: 1 });
    const onlyA = options({ selected: [selected[0]!] });
    expect(countUsedTechniques(tactics, usage, onlyA)).toEqual({ byAny: 3, byAll: 3 });
    // Expanding or collapsing parents does not change the count; a platform filter does.
    const expanded = options({ expanded: new Set([`execution:${T_SCRIPTING}`]) });
    expect(countUsedTechniques(tactics, usage, expanded).byAny).toBe(3);
    expect(countUsedTechniques(tactics, usage, options({ platform: 'Linux' })).byAny).toBe(1);
  });

  it('counts sighted techniques once each when coloured by sightings', () => {
    const sightings = options({ mode: 'sightings', selected: [] });
    expect(countUsedTechniques(tactics, usageByTechnique(SIGHTING_ROWS), sightings)).toEqual({
      byAny: 2,
      byAll: 2,
    });
  });

  it('shows sub-techniques under an expanded parent only', () => {
    expect(ids(buildMatrixView(tactics, usage, options())[1]!)).toEqual(['T1059', 'T1047']);
    const expanded = buildMatrixView(
      tactics,
      usage,
      options({ expanded: new Set([`execution:${T_SCRIPTING}`]) }),
    );
    expect(ids(expanded[1]!)).toEqual(['T1059', 'T1059.001', 'T1059.006', 'T1047']);
    expect(expanded[1]!.cells[1]).toMatchObject({ isSub: true, heat: 2 });
  });

  it('shows only what is used, opening parents whose sub-techniques are', () => {
    const [initial, execution] = buildMatrixView(tactics, usage, options({ onlyUsed: true }));
    expect(ids(initial!)).toEqual(['T1566']);
    expect(ids(execution!)).toEqual(['T1059', 'T1059.001', 'T1047']);
  });

  it('filters by platform', () => {
    const [initial, execution] = buildMatrixView(
      tactics,
      usage,
      options({ platform: 'Linux', expanded: new Set([`execution:${T_SCRIPTING}`]) }),
    );
    expect(ids(initial!)).toEqual(['T1566']);
    expect(ids(execution!)).toEqual([]);
  });

  it('colours by sightings on a log scale when asked', () => {
    const [initial, execution] = buildMatrixView(
      tactics,
      usageByTechnique(SIGHTING_ROWS),
      options({ mode: 'sightings', selected: [] }),
    );
    expect(initial!.cells.find((cell) => cell.id === 'T1566')).toMatchObject({ heat: 4, count: '12' });
    const wmi = execution!.cells.find((cell) => cell.id === 'T1047')!;
    expect(wmi.heat).toBe(2);
    expect(wmi.label).toBe(
      'T1047 Windows Management Instrumentation, 1 sighting of related indicators (1 event)',
    );
  });

  it('leaves the matrix uncoloured with nothing selected', () => {
    const view = buildMatrixView(tactics, new Map(), options({ selected: [] }));
    expect(
      view.flatMap((column) => column.cells).every((cell) => cell.heat === 0 && cell.marks.length === 0),
    ).toBe(true);
  });

  it('scales heat linearly for usage and never rounds a use down to nothing', () => {
    expect(heatLevel(0, 3)).toBe(0);
    expect(heatLevel(1, 8)).toBe(1);
    expect(heatLevel(8, 8)).toBe(4);
    expect(heatLevel(1, 1000, 'log')).toBe(1);
  });
});
