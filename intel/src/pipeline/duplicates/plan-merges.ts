/**
 * Which knowledge objects are one actor (or one malware family) described by two sources: APT28 in
 * ATT&CK is Sofacy in the MISP galaxy. Decided from the objects alone, never from the order they
 * arrived in, so any import order gives the same merges.
 *
 * The rule:
 * - two objects match when they are of the same type and a name or alias of one is, ignoring case,
 *   a name or alias of the other ("APT2" never matches "APT28");
 * - a name two objects of one source share cannot say which of them is meant ("Grizzly Steppe" is
 *   both APT28 and APT29 in the galaxy): it links nothing, and is reported when another source
 *   has it too;
 * - matches join into groups; a group holding two objects of one source (one ATT&CK group that a
 *   galaxy splits in two) merges nothing, and is reported;
 * - in a group, the object that stays is the one with an ATT&CK id, else a description, else a
 *   version (STIX modified), else the lowest STIX id; the others are merged into it.
 */

export interface MergeCandidate {
  stixId: string;
  type: string;
  name: string;
  /** Name and aliases. */
  names: string[];
  sourceIds: string[];
  externalIds: string[];
  hasDescription: boolean;
  versioned: boolean;
}

export interface MergeConflict {
  type: string;
  /** The names the objects share. */
  names: string[];
  /** The objects' names, as "name (stix id)". */
  objects: string[];
}

export interface MergePlan {
  /** Merged object id → the id of the object it is merged into. */
  mergedInto: Map<string, string>;
  conflicts: MergeConflict[];
}

const ATTACK_ID = /^(G|S|C)\d{4}$/;

/** Lower first: the object a group keeps. */
function rank(a: MergeCandidate, b: MergeCandidate): number {
  const attack = (o: MergeCandidate) => (o.externalIds.some((id) => ATTACK_ID.test(id)) ? 0 : 1);
  return (
    attack(a) - attack(b) ||
    Number(!a.hasDescription) - Number(!b.hasDescription) ||
    Number(!a.versioned) - Number(!b.versioned) ||
    (a.stixId < b.stixId ? -1 : a.stixId > b.stixId ? 1 : 0)
  );
}

const shareSource = (a: MergeCandidate, b: MergeCandidate) =>
  a.sourceIds.some((s) => b.sourceIds.includes(s));
const label = (o: MergeCandidate) => `${o.name} (${o.stixId})`;

/** Objects that share a name, by type and lower-case name. */
function byName(objects: readonly MergeCandidate[]): Map<string, MergeCandidate[]> {
  const index = new Map<string, MergeCandidate[]>();
  for (const o of objects) {
    for (const name of new Set(o.names.map((n) => n.trim().toLowerCase()).filter(Boolean))) {
      const key = `${o.type}\u0000${name}`;
      const list = index.get(key);
      if (list) list.push(o);
      else index.set(key, [o]);
    }
  }
  return index;
}

class UnionFind {
  private parent = new Map<string, string>();
  find(id: string): string {
    let root = id;
    while (this.parent.has(root) && this.parent.get(root) !== root) root = this.parent.get(root)!;
    this.parent.set(id, root);
    return root;
  }
  union(a: string, b: string): void {
    const [ra, rb] = [this.find(a), this.find(b)];
    if (ra !== rb) this.parent.set(ra, rb);
  }
}

export function planMerges(objects: readonly MergeCandidate[]): MergePlan {
  const groups = new UnionFind();
  const sharedNames = new Map<string, Set<string>>();
  const conflicts: MergeConflict[] = [];
  for (const [key, holders] of byName(objects)) {
    if (holders.length < 2) continue;
    const [type, name] = key.split('\u0000') as [string, string];
    if (holders.some((a, i) => holders.slice(i + 1).some((b) => shareSource(a, b)))) {
      // Within one source a shared name is that source's business; across sources it cannot say
      // which object is meant.
      if (new Set(holders.flatMap((o) => o.sourceIds)).size > 1)
        conflicts.push({ type, names: [name], objects: holders.map(label).sort() });
      continue;
    }
    for (const other of holders.slice(1)) groups.union(holders[0]!.stixId, other.stixId);
    for (const o of holders) sharedNames.set(o.stixId, (sharedNames.get(o.stixId) ?? new Set()).add(name));
  }

  const members = new Map<string, MergeCandidate[]>();
  for (const o of objects) {
    if (!sharedNames.has(o.stixId)) continue;
    const root = groups.find(o.stixId);
    members.set(root, [...(members.get(root) ?? []), o]);
  }

  const mergedInto = new Map<string, string>();
  for (const group of members.values()) {
    if (group.some((a, i) => group.slice(i + 1).some((b) => shareSource(a, b)))) {
      conflicts.push({
        type: group[0]!.type,
        names: [...new Set(group.flatMap((o) => [...sharedNames.get(o.stixId)!]))].sort(),
        objects: group.map(label).sort(),
      });
      continue;
    }
    const [kept, ...merged] = [...group].sort(rank);
    for (const o of merged) mergedInto.set(o.stixId, kept!.stixId);
  }
  // A total order, so the report too is the same whatever order the objects came in.
  const order = (c: MergeConflict) => JSON.stringify([c.type, c.objects, c.names]);
  conflicts.sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0));
  return { mergedInto, conflicts };
}
