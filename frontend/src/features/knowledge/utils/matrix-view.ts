/**
 * What each matrix cell shows and says: the techniques of each tactic after the platform and "only
 * used" filters, sub-techniques under an expanded parent, the heat level (0-4) by the colouring chosen,
 * which of the selected objects use it, and the sentence a screen reader reads for it.
 */
import type { MatrixTactic, MatrixTechnique, TechniqueUsage, UsageByTechnique } from './matrix-model';

export type ColourMode = 'usage' | 'sightings';
export const HEAT_LEVELS = 4;

export interface MatrixViewOptions {
  mode: ColourMode;
  /** The selected objects, in the order the legend numbers them. */
  selected: readonly { stixId: string; name: string }[];
  platform?: string;
  onlyUsed: boolean;
  /** Expanded parents, as `tactic shortname:parent stix id`. */
  expanded: ReadonlySet<string>;
}

export interface CellView {
  key: string;
  stixId: string;
  id: string;
  name: string;
  isSub: boolean;
  heat: number;
  /** The number shown in the cell ('' for none). */
  count: string;
  /** Per selected object (legend order): whether it uses this technique. */
  marks: readonly boolean[];
  /** Parents with sub-techniques: the expansion key and what the toggle shows. */
  toggleKey?: string;
  expanded?: boolean;
  subsNote?: string;
  label: string;
}

export interface TacticView {
  id: string;
  name: string;
  techniques: number;
  used: number;
  cells: CellView[];
}

export function heatLevel(value: number, max: number, scale: 'linear' | 'log' = 'linear'): number {
  if (value <= 0 || max <= 0) return 0;
  const ratio = scale === 'log' ? Math.log1p(value) / Math.log1p(max) : value / max;
  return Math.min(HEAT_LEVELS, Math.max(1, Math.ceil(HEAT_LEVELS * ratio)));
}

const plural = (n: number, one: string, many = `${one}s`) => `${n.toLocaleString()} ${n === 1 ? one : many}`;

const UNUSED: TechniqueUsage = { usedBy: [], sightings: 0, events: 0 };

function usedBySentence(usage: TechniqueUsage, options: MatrixViewOptions): string {
  const users = options.selected.filter((object) => usage.usedBy.includes(object.stixId));
  const n = options.selected.length;
  if (n === 0) return '';
  if (users.length === 0)
    return n === 1 ? `not used by ${options.selected[0]!.name}` : `used by none of the ${n} selected`;
  const names = users.map((object) => object.name).join(', ');
  return n === 1 ? `used by ${names}` : `used by ${users.length} of ${n} selected: ${names}`;
}

function isUsed(usage: TechniqueUsage, options: MatrixViewOptions): boolean {
  if (options.mode === 'sightings') return usage.sightings > 0;
  return options.selected.some((object) => usage.usedBy.includes(object.stixId));
}

export function buildMatrixView(
  tactics: readonly MatrixTactic[],
  usage: UsageByTechnique,
  options: MatrixViewOptions,
): TacticView[] {
  const maxSightings = Math.max(0, ...[...usage.values()].map((use) => use.sightings));
  const onPlatform = (t: MatrixTechnique) => !options.platform || t.platforms.includes(options.platform);
  const usageOf = (t: MatrixTechnique) => usage.get(t.stixId) ?? UNUSED;

  const cell = (technique: MatrixTechnique, isSub: boolean, key: string): CellView => {
    const use = usageOf(technique);
    const users = options.selected.filter((object) => use.usedBy.includes(object.stixId)).length;
    const sightings = options.mode === 'sightings';
    const heat = sightings
      ? heatLevel(use.sightings, maxSightings, 'log')
      : heatLevel(users, options.selected.length);
    const sighted = use.sightings
      ? `${plural(use.sightings, 'sighting')} of related indicators (${plural(use.events, 'event')})`
      : 'no sightings';
    const facts = [sightings ? sighted : '', usedBySentence(use, options)].filter(Boolean);
    const count = sightings ? use.sightings : users;
    return {
      key,
      stixId: technique.stixId,
      id: technique.id,
      name: technique.name,
      isSub,
      heat,
      count: count ? count.toLocaleString() : '',
      marks: options.selected.map((object) => use.usedBy.includes(object.stixId)),
      label: [`${technique.id} ${technique.name}${isSub ? ' (sub-technique)' : ''}`, ...facts].join(', '),
    };
  };

  return tactics.map((tactic) => {
    const cells: CellView[] = [];
    let shown = 0;
    let used = 0;
    for (const parent of tactic.techniques) {
      const subs = parent.subs.filter(onPlatform);
      const usedSubs = subs.filter((sub) => isUsed(usageOf(sub), options));
      const parentUsed = isUsed(usageOf(parent), options);
      if (!onPlatform(parent)) continue;
      if (options.onlyUsed && !parentUsed && usedSubs.length === 0) continue;
      shown += 1;
      if (parentUsed || usedSubs.length) used += 1;
      const toggleKey = `${tactic.shortname}:${parent.stixId}`;
      // Showing only what is used opens every parent whose sub-techniques are.
      const expanded = options.expanded.has(toggleKey) || (options.onlyUsed && usedSubs.length > 0);
      const view = cell(parent, false, toggleKey);
      if (subs.length) {
        view.toggleKey = toggleKey;
        view.expanded = expanded;
        view.subsNote = usedSubs.length ? `${usedSubs.length}/${subs.length}` : String(subs.length);
        view.label += `, ${plural(subs.length, 'sub-technique')}${usedSubs.length ? `, ${usedSubs.length} used` : ''}`;
      }
      cells.push(view);
      if (expanded)
        for (const sub of options.onlyUsed ? usedSubs : subs)
          cells.push(cell(sub, true, `${tactic.shortname}:${sub.stixId}`));
    }
    return { id: tactic.id, name: tactic.name, techniques: shown, used, cells };
  });
}
