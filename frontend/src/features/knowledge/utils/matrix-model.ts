/**
 * The matrix as columns: the RPC's rows (one per tactic and technique) grouped into tactics in the
 * matrix's order, each with its techniques by name and their sub-techniques beneath them; and how the
 * selection uses each technique, by technique.
 */
import type { MatrixRow } from '@/features/knowledge/api/get-attack-matrix';

export interface MatrixTechnique {
  stixId: string;
  /** T1059 or T1059.001. */
  id: string;
  name: string;
  platforms: readonly string[];
}

export interface MatrixParent extends MatrixTechnique {
  subs: MatrixTechnique[];
}

export interface MatrixTactic {
  id: string;
  name: string;
  shortname: string;
  techniques: MatrixParent[];
}

export interface TechniqueUsage {
  usedBy: readonly string[];
  sightings: number;
  events: number;
}

export type UsageByTechnique = ReadonlyMap<string, TechniqueUsage>;

const byName = (a: MatrixTechnique, b: MatrixTechnique) =>
  a.name.localeCompare(b.name) || a.id.localeCompare(b.id);

function technique(row: MatrixRow): MatrixTechnique {
  return {
    stixId: row.technique_stix_id,
    id: row.technique_id ?? '',
    name: row.technique_name ?? row.technique_id ?? row.technique_stix_id,
    platforms: row.platforms ?? [],
  };
}

export function buildMatrix(rows: readonly MatrixRow[]): MatrixTactic[] {
  const tactics = new Map<number, { tactic: MatrixTactic; subs: MatrixRow[] }>();
  for (const row of rows) {
    let entry = tactics.get(row.tactic_order);
    if (!entry) {
      const tactic = {
        id: row.tactic_id ?? '',
        name: row.tactic_name ?? row.tactic_shortname,
        shortname: row.tactic_shortname,
        techniques: [],
      };
      entry = { tactic, subs: [] };
      tactics.set(row.tactic_order, entry);
    }
    if (row.parent_stix_id) entry.subs.push(row);
    else entry.tactic.techniques.push({ ...technique(row), subs: [] });
  }
  return [...tactics.entries()]
    .sort(([a], [b]) => a - b)
    .map(([, { tactic, subs }]) => {
      const parents = new Map(tactic.techniques.map((parent) => [parent.stixId, parent]));
      for (const row of subs) {
        const parent = parents.get(row.parent_stix_id!);
        // A sub-technique whose parent is not under this tactic stands on its own.
        if (parent) parent.subs.push(technique(row));
        else tactic.techniques.push({ ...technique(row), subs: [] });
      }
      tactic.techniques.sort(byName);
      for (const parent of tactic.techniques) parent.subs.sort(byName);
      return tactic;
    });
}

/** The used (or sighted) rows by technique; a technique under several tactics comes once. */
export function usageByTechnique(rows: readonly MatrixRow[]): UsageByTechnique {
  const usage = new Map<string, TechniqueUsage>();
  for (const row of rows)
    usage.set(row.technique_stix_id, {
      usedBy: row.used_by ?? [],
      sightings: Number(row.sightings ?? 0),
      events: Number(row.sighting_events ?? 0),
    });
  return usage;
}

/** Every platform any technique names, sorted, for the platform filter. */
export function matrixPlatforms(tactics: readonly MatrixTactic[]): string[] {
  const platforms = new Set<string>();
  for (const tactic of tactics)
    for (const parent of tactic.techniques) {
      parent.platforms.forEach((platform) => platforms.add(platform));
      for (const sub of parent.subs) sub.platforms.forEach((platform) => platforms.add(platform));
    }
  return [...platforms].sort((a, b) => a.localeCompare(b));
}
