import path from 'node:path';
import { beforeAll, describe, expect, it } from 'vitest';
import { attackFormat } from '../../formats/attack.js';
import { mispGalaxyFormat } from '../../formats/misp-galaxy.js';
import { draftsOf } from '../../formats/testing/collect.js';
import type { FormatAdapter } from '../../formats/format.js';
import { prepareObject } from '../prepare/stix.js';
import { planMerges, type MergeCandidate } from './plan-merges.js';
import { MERGED_KINDS } from './resolve-merges.js';

const DEMO = path.resolve(import.meta.dirname, '../../../../data/demo');

function candidate(stixId: string, names: string[], source: string, extra: Partial<MergeCandidate> = {}) {
  return {
    stixId,
    type: 'intrusion-set',
    name: names[0]!,
    names,
    sourceIds: [source],
    externalIds: [],
    hasDescription: false,
    versioned: false,
    ...extra,
  } satisfies MergeCandidate;
}

const id = (n: number) => `intrusion-set--00000000-0000-4000-8000-${String(n).padStart(12, '0')}`;
const asObject = (plan: ReturnType<typeof planMerges>) => Object.fromEntries([...plan.mergedInto].sort());

describe('planMerges', () => {
  it('merges an object into the one another source knows by the same alias, whatever the order', () => {
    const attack = candidate(id(1), ['APT28', 'Fancy Bear', 'Sofacy'], 'attack', {
      externalIds: ['G0007'],
      hasDescription: true,
      versioned: true,
    });
    const galaxy = candidate(id(2), ['Sofacy', 'apt28', 'PawnStorm'], 'galaxy');
    expect(asObject(planMerges([attack, galaxy]))).toEqual({ [id(2)]: id(1) });
    expect(asObject(planMerges([galaxy, attack]))).toEqual({ [id(2)]: id(1) });
  });

  it('matches whole names only: APT2 is not APT28', () => {
    const plan = planMerges([
      candidate(id(1), ['APT28'], 'attack'),
      candidate(id(2), ['APT2', 'APT 28'], 'galaxy'),
    ]);
    expect(plan.mergedInto.size).toBe(0);
  });

  it('never merges objects of different kinds or of one source', () => {
    const actor = candidate(id(1), ['Sofacy'], 'attack');
    const malware = candidate(id(2), ['CORESHELL', 'Sofacy'], 'galaxy', {
      type: 'malware',
      stixId: 'malware--00000000-0000-4000-8000-000000000002',
    });
    const sameSource = candidate(id(3), ['Sofacy'], 'attack');
    const plan = planMerges([actor, malware, sameSource]);
    expect(plan.mergedInto.size).toBe(0);
    // Two objects of one source sharing a name is that source's business: not reported.
    expect(plan.conflicts).toEqual([]);
  });

  it('merges nothing when an alias is shared by two objects of one source, and reports it', () => {
    const attack = candidate(id(1), ['Group X', 'Shared Alias'], 'attack');
    const one = candidate(id(2), ['Cluster One', 'Shared Alias'], 'galaxy');
    const two = candidate(id(3), ['Cluster Two', 'shared alias'], 'galaxy');
    for (const order of [
      [attack, one, two],
      [two, one, attack],
    ]) {
      const plan = planMerges(order);
      expect(plan.mergedInto.size).toBe(0);
      expect(plan.conflicts).toEqual([
        {
          type: 'intrusion-set',
          names: ['shared alias'],
          objects: [`Cluster One (${id(2)})`, `Cluster Two (${id(3)})`, `Group X (${id(1)})`],
        },
      ]);
    }
  });

  it('merges a group of three sources into the ATT&CK object', () => {
    const plan = planMerges([
      candidate(id(3), ['cobalt strike'], 'threatfox', { versioned: true }),
      candidate(id(2), ['Cobalt Strike', 'Agentemis'], 'galaxy', { hasDescription: true }),
      candidate(id(1), ['Cobalt Strike'], 'attack', { externalIds: ['S0154'], versioned: true }),
    ]);
    expect(asObject(plan)).toEqual({ [id(2)]: id(1), [id(3)]: id(1) });
  });
});

describe('planMerges on the demo files (ATT&CK enterprise and the MISP galaxy threat actors)', () => {
  let attack: MergeCandidate[];
  let galaxy: MergeCandidate[];

  async function candidatesOf(adapter: FormatAdapter, file: string, source: string) {
    const drafts = await draftsOf(adapter, path.join(DEMO, file));
    const context = { id: source, name: source, tlp: 'clear' as const, confidence: 80 };
    return drafts.flatMap((d) => {
      if (d.kind !== 'object' || !(MERGED_KINDS as readonly string[]).includes(d.stix.type)) return [];
      const [stixId, type, name, description, aliases, externalIds, , modified, revoked, deprecated] =
        prepareObject(d, context).fields as [
          string,
          string,
          string,
          string | undefined,
          string[],
          string[],
          unknown,
          unknown,
          boolean,
          boolean,
        ];
      if (revoked || deprecated) return [];
      return [
        {
          stixId,
          type,
          name,
          names: [name, ...aliases],
          sourceIds: [source],
          externalIds,
          hasDescription: !!description,
          versioned: modified != null,
        },
      ];
    });
  }

  beforeAll(async () => {
    attack = await candidatesOf(attackFormat, 'mitre-attack/enterprise-attack-18.1.stix20.json.gz', 'attack');
    galaxy = await candidatesOf(mispGalaxyFormat, 'misp-galaxy/cluster-threat-actor.json.gz', 'galaxy');
  }, 120_000);

  const byName = (list: MergeCandidate[], name: string) => list.find((o) => o.name === name)!;
  /** The galaxy's cluster for APT28, which the MISP events call Sofacy (its synonym here). */
  const galaxyApt28 = () =>
    galaxy.find((o) => o.stixId === 'intrusion-set--5b4ee3ea-eee3-4c8e-8323-85ae32658754')!;

  it('merges Sofacy into APT28, and the same whichever file came first', () => {
    const attackFirst = planMerges([...attack, ...galaxy]);
    const galaxyFirst = planMerges([...galaxy, ...attack]);
    const reversed = planMerges([...galaxy, ...attack].reverse());
    expect(galaxyApt28().names).toContain('Sofacy');
    expect(attackFirst.mergedInto.get(galaxyApt28().stixId)).toBe(byName(attack, 'APT28').stixId);
    expect(asObject(galaxyFirst)).toEqual(asObject(attackFirst));
    expect(asObject(reversed)).toEqual(asObject(attackFirst));
    expect(galaxyFirst.conflicts).toEqual(attackFirst.conflicts);
    console.log(
      `demo: ${attackFirst.mergedInto.size} galaxy actors merged into ATT&CK groups, ${attackFirst.conflicts.length} ambiguous groups left apart`,
    );
  });

  it('keeps every ATT&CK group, merges only objects that share a whole name, and never APT2 with APT28', () => {
    const plan = planMerges([...attack, ...galaxy]);
    const all = new Map([...attack, ...galaxy].map((o) => [o.stixId, o]));
    const lower = (o: MergeCandidate) => new Set(o.names.map((n) => n.toLowerCase()));
    for (const [merged, kept] of plan.mergedInto) {
      expect(all.get(kept)!.sourceIds).toEqual(['attack']);
      expect(all.get(merged)!.sourceIds).toEqual(['galaxy']);
    }
    // Each merged object shares a name with the one it joins, directly or through its group.
    const direct = [...plan.mergedInto].filter(([m, k]) =>
      [...lower(all.get(m)!)].some((n) => lower(all.get(k)!).has(n)),
    );
    expect(direct.length).toBe(plan.mergedInto.size);
    const apt2 = galaxy.find((o) => o.name === 'APT2');
    if (apt2) expect(plan.mergedInto.get(apt2.stixId)).not.toBe(byName(attack, 'APT28').stixId);
    expect(plan.mergedInto.has(byName(attack, 'APT28').stixId)).toBe(false);
  });
});
