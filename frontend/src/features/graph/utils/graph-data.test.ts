import { describe, expect, it } from 'vitest';
import {
  collapse,
  emptyModel,
  graphAnswerSchema,
  isExpandable,
  linksOf,
  listedNodes,
  mergeAnswer,
} from './graph-data';
import { radialLayout } from './graph-layout';

const ACTOR = 'intrusion-set--00000000-0000-4000-a000-000000000001';
const MALWARE = 'malware--00000000-0000-4000-a000-000000000002';
const TOOL = 'tool--00000000-0000-4000-a000-000000000003';
const GROUP = `group:${ACTOR}:indicator`;

const first = graphAnswerSchema.parse({
  root: ACTOR,
  nodes: [
    { id: ACTOR, kind: 'object', type: 'intrusion-set', label: 'Graph Panda', tlp: 'clear' },
    { id: MALWARE, kind: 'object', type: 'malware', label: 'OpenLoader' },
    {
      id: GROUP,
      kind: 'group',
      type: 'indicator',
      label: '100,000 indicators',
      count: 100000,
      by_type: { ipv4: 60000, md5: 40000 },
      group: { group: 'indicator' },
    },
  ],
  edges: [
    { source: ACTOR, target: MALWARE, type: 'uses' },
    { source: GROUP, target: ACTOR, type: 'indicates' },
  ],
});

const malwareAnswer = graphAnswerSchema.parse({
  root: MALWARE,
  nodes: [
    { id: MALWARE, kind: 'object', type: 'malware', label: 'OpenLoader' },
    { id: ACTOR, kind: 'object', type: 'intrusion-set', label: 'Graph Panda' },
    { id: TOOL, kind: 'object', type: 'tool', label: 'Dropper' },
  ],
  edges: [
    { source: ACTOR, target: MALWARE, type: 'uses' },
    { source: MALWARE, target: TOOL, type: 'uses' },
  ],
});

const groupAnswer = graphAnswerSchema.parse({
  root: ACTOR,
  group: GROUP,
  nodes: [
    {
      id: `${GROUP}:ipv4`,
      kind: 'group',
      type: 'indicator',
      label: '60,000 ipv4 indicators',
      count: 60000,
      group: { group: 'indicator', type: 'ipv4' },
    },
    {
      id: `${GROUP}:md5`,
      kind: 'group',
      type: 'indicator',
      label: '40,000 md5 indicators',
      count: 40000,
      group: { group: 'indicator', type: 'md5' },
    },
  ],
  edges: [
    { source: `${GROUP}:ipv4`, target: GROUP, type: 'indicates' },
    { source: `${GROUP}:md5`, target: GROUP, type: 'indicates' },
  ],
  next: null,
});

describe('graph answers', () => {
  it('refuses an answer of another shape', () => {
    expect(graphAnswerSchema.safeParse({ root: ACTOR, nodes: [{ id: 1 }], edges: [] }).success).toBe(false);
    expect(
      graphAnswerSchema.safeParse({ ...first, nodes: [{ ...first.nodes[0], kind: 'case' }] }).success,
    ).toBe(false);
  });

  it('names a group of objects in words, and leaves other groups as the server says them', () => {
    const answer = graphAnswerSchema.parse({
      root: ACTOR,
      nodes: [
        {
          id: `group:${ACTOR}:object:attack-pattern`,
          kind: 'group',
          type: 'attack-pattern',
          label: '1234 attack-pattern',
          count: 1234,
          group: { group: 'object', type: 'attack-pattern' },
        },
      ],
      edges: [],
    });
    expect(answer.nodes[0]!.label).toBe('1,234 techniques');
    expect(first.nodes[2]!.label).toBe('100,000 indicators');
  });

  it('merges the first answer: nodes, edges, nothing expanded', () => {
    const model = mergeAnswer(emptyModel(ACTOR), first);
    expect([...model.nodes.keys()]).toEqual([ACTOR, MALWARE, GROUP]);
    expect(model.edges.size).toBe(2);
    expect([...model.nodes.values()].every((node) => !node.expanded && node.from.join() === '')).toBe(true);
  });

  it('the root does not expand; groups with a request and other nodes do', () => {
    const model = mergeAnswer(emptyModel(ACTOR), first);
    expect(isExpandable(model.nodes.get(ACTOR)!, ACTOR)).toBe(false);
    expect(isExpandable(model.nodes.get(GROUP)!, ACTOR)).toBe(true);
    expect(isExpandable(model.nodes.get(MALWARE)!, ACTOR)).toBe(true);
    expect(isExpandable({ id: 's', kind: 'group', type: 'sighting', label: '2 sightings' }, ACTOR)).toBe(
      false,
    );
  });

  it('an expansion adds its nodes once, marks the node expanded, and collapsing takes back only what it alone brought', () => {
    let model = mergeAnswer(emptyModel(ACTOR), first);
    model = mergeAnswer(model, malwareAnswer, MALWARE);
    expect(model.nodes.get(MALWARE)?.expanded).toBe(true);
    expect(model.nodes.get(TOOL)?.from).toEqual([MALWARE]);
    expect(model.nodes.get(ACTOR)?.from).toEqual(['', MALWARE]);
    expect(model.edges.has(`${MALWARE}->${TOOL}`)).toBe(true);

    model = mergeAnswer(model, groupAnswer, GROUP);
    expect(model.nodes.size).toBe(6);

    model = collapse(model, MALWARE);
    expect(model.nodes.has(TOOL)).toBe(false);
    expect(model.edges.has(`${MALWARE}->${TOOL}`)).toBe(false);
    // The first load's nodes and link stay, and so does the other expansion.
    expect(model.nodes.has(MALWARE)).toBe(true);
    expect(model.edges.has(`${ACTOR}->${MALWARE}`)).toBe(true);
    expect(model.nodes.has(`${GROUP}:md5`)).toBe(true);
    expect(model.nodes.get(MALWARE)?.expanded).toBe(false);
  });

  it('collapsing a group also takes back what its children brought', () => {
    let model = mergeAnswer(emptyModel(ACTOR), first);
    model = mergeAnswer(model, groupAnswer, GROUP);
    const page = graphAnswerSchema.parse({
      root: ACTOR,
      group: `${GROUP}:md5`,
      nodes: [
        { id: 'indicator--1', kind: 'indicator', type: 'md5', label: 'd41d8cd98f00b204e9800998ecf8427e' },
      ],
      edges: [{ source: 'indicator--1', target: `${GROUP}:md5`, type: 'indicates' }],
      next: 'indicator--1',
    });
    model = mergeAnswer(model, page, `${GROUP}:md5`);
    expect(model.nodes.get(`${GROUP}:md5`)?.next).toBe('indicator--1');
    model = collapse(model, GROUP);
    expect([...model.nodes.keys()]).toEqual([ACTOR, MALWARE, GROUP]);
    expect(model.edges.size).toBe(2);
  });

  it('lists the root first, then by type and name, with links in words', () => {
    let model = mergeAnswer(emptyModel(ACTOR), first);
    model = mergeAnswer(model, malwareAnswer, MALWARE);
    expect(listedNodes(model).map((node) => node.label)).toEqual([
      'Graph Panda',
      '100,000 indicators',
      'OpenLoader',
      'Dropper',
    ]);
    expect(linksOf(model, MALWARE)).toEqual(['uses ← Graph Panda', 'uses → Dropper']);
  });

  it('lays the root in the middle, its neighbours around it, an expansion beyond its node', () => {
    let model = mergeAnswer(emptyModel(ACTOR), first);
    model = mergeAnswer(model, malwareAnswer, MALWARE);
    const at = radialLayout(model);
    expect(at.get(ACTOR)).toEqual({ x: 0, y: 0 });
    const malware = at.get(MALWARE)!;
    const tool = at.get(TOOL)!;
    expect(Math.hypot(malware.x, malware.y)).toBeCloseTo(1);
    expect(Math.hypot(tool.x, tool.y)).toBeGreaterThan(Math.hypot(malware.x, malware.y));
    expect(at.size).toBe(model.nodes.size);
  });
});
