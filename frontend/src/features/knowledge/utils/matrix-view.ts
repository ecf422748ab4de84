/**
 * What each matrix cell shows and says: the techniques of each tactic after the platform and "only
 * used" filters, sub-techniques under an expanded parent, the heat level (0-4) by the colouring chosen,
 * which of the selected objects use it, and the sentence a screen reader reads for it. A parent counts
 * as used when one of its sub-techniques is (ATT&CK links an actor to the most specific technique), so
 * a collapsed parent is never blank over a used sub-technique; the cell says it is through one.
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
  /** Per selected object (legend order): whether it uses this technique (or one of its sub-techniques). */
  marks: readonly boolean[];
  /** Coloured (at least in part) through its sub-techniques rather than its own use or sightings. */
  viaSubs: boolean;
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

const VIA_SUB = ' (through a sub-technique)';

function usedBySentence(usage: ParentUsage, options: MatrixViewOptions): string {
  const users = options.selected.filter((object) => usage.usedBy.includes(object.stixId));
  const n = options.selected.length;
  if (n === 0) return '';
  if (users.length === 0)
    return n === 1 ? `not used by ${options.selected[0]!.name}` : `used by none of the ${n} selected`;
  const names = users
    .map((object) => `${object.name}${usage.viaSubUsers.includes(object.stixId) ? VIA_SUB : ''}`)
    .join(', ');
  return n === 1 ? `used by ${names}` : `used by ${users.length} of ${n} selected: ${names}`;
}

/** A technique's use, with what it owes to its sub-techniques (none for a sub-technique itself). */
interface ParentUsage extends TechniqueUsage {
  viaSubUsers: readonly string[];
  sightingsViaSub: boolean;
}

/**
 * A parent's own use merged with its sub-techniques': every object that uses one of them, and the most
 * sighted of them (sightings of different sub-techniques may be the same sightings: they do not add).
 */
function withSubs(own: TechniqueUsage, subs: readonly TechniqueUsage[]): ParentUsage {
  const viaSubUsers = [...new Set(subs.flatMap((sub) => sub.usedBy))].filter(
    (id) => !own.usedBy.includes(id),
  );
  const mostSighted = subs.reduce<TechniqueUsage | undefined>(
    (best, sub) => (sub.sightings > (best?.sightings ?? 0) ? sub : best),
    undefined,
  );
  const sightingsViaSub = own.sightings === 0 && mostSighted !== undefined;
  return {
    usedBy: [...own.usedBy, ...viaSubUsers],
    sightings: sightingsViaSub ? mostSighted.sightings : own.sightings,
    events: sightingsViaSub ? mostSighted.events : own.events,
    viaSubUsers,
    sightingsViaSub,
  };
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

  const cell = (technique: MatrixTechnique, use: ParentUsage, isSub: boolean, key: string): CellView => {
    const users = options.selected.filter((object) => use.usedBy.includes(object.stixId)).length;
    const sightings = options.mode === 'sightings';
    const heat = sightings
      ? heatLevel(use.sightings, maxSightings, 'log')
      : heatLevel(users, options.selected.length);
    const sighted = use.sightings
      ? `${plural(use.sightings, 'sighting')} of related indicators (${plural(use.events, 'event')})${use.sightingsViaSub ? VIA_SUB : ''}`
      : 'no sightings';
    const viaSubs = sightings
      ? use.sightingsViaSub
      : options.selected.some((object) => use.viaSubUsers.includes(object.stixId));
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
      viaSubs,
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
      const view = cell(parent, withSubs(usageOf(parent), subs.map(usageOf)), false, toggleKey);
      if (subs.length) {
        view.toggleKey = toggleKey;
        view.expanded = expanded;
        view.subsNote = usedSubs.length ? `${usedSubs.length}/${subs.length}` : String(subs.length);
        view.label += `, ${plural(subs.length, 'sub-technique')}${usedSubs.length ? `, ${usedSubs.length} used` : ''}`;
      }
      cells.push(view);
      if (expanded)
        for (const sub of options.onlyUsed ? usedSubs : subs)
          cells.push(cell(sub, withSubs(usageOf(sub), []), true, `${tactic.shortname}:${sub.stixId}`));
    }
    return { id: tactic.id, name: tactic.name, techniques: shown, used, cells };
  });
}

/**
 * How many distinct techniques and sub-techniques on the matrix (after the platform filter) the
 * selection uses, by any and by all of it, or that were sighted: each once, however many tactics it
 * sits under and whether or not its parent is expanded. The actor's profile counts the same way.
 */
export function countUsedTechniques(
  tactics: readonly MatrixTactic[],
  usage: UsageByTechnique,
  options: MatrixViewOptions,
): { byAny: number; byAll: number } {
  const byAny = new Set<string>();
  const byAll = new Set<string>();
  const count = (technique: MatrixTechnique) => {
    if (options.platform && !technique.platforms.includes(options.platform)) return;
    const use = usage.get(technique.stixId) ?? UNUSED;
    if (!isUsed(use, options)) return;
    byAny.add(technique.stixId);
    if (
      options.mode === 'sightings' ||
      options.selected.every((object) => use.usedBy.includes(object.stixId))
    )
      byAll.add(technique.stixId);
  };
  for (const tactic of tactics)
    for (const parent of tactic.techniques) {
      count(parent);
      parent.subs.forEach(count);
    }
  return { byAny: byAny.size, byAll: byAll.size };
}
