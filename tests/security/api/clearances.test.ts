/**
 * Clearances over the API (issue 28 §1), as three people of one team would meet them: a default
 * analyst (the "Analysts" group, up to AMBER+STRICT), a member of a green-only group, and a member of
 * a source's TLP:RED audience. Each reads an indicator only up to their clearance, and RED only in
 * its audience, through every door: the table, its reports, the IOC list, the count, hunting and
 * unified search. The database proves each surface per clearance in pgTAP; this checks the doors
 * the browser and API clients actually use.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUser, deleteUser, rpc, signIn, SUITE_EMAIL_DOMAIN } from '../lib/personas.js';
import { plant, remove, rest, rows } from '../lib/rest.js';
import { suite } from './context.js';

const { target, runId } = suite();
const password = `Clearance-${runId}-Pw1`;
const marker = `clearance-${runId}.suite.test`;
const values = { green: `green.${marker}`, amber: `amber.${marker}`, red: `red.${marker}` };

type Reader = 'analyst' | 'greenOnly' | 'redMember';
const tokens = {} as Record<Reader, string>;
const userIds: string[] = [];
const groupIds: string[] = [];
let sourceId = '';

function emailOf(reader: Reader): string {
  return `clearance-${reader.toLowerCase()}-${runId}@${SUITE_EMAIL_DOMAIN}`;
}

async function newReader(name: Reader): Promise<string> {
  const id = await createUser(target, emailOf(name), password);
  userIds.push(id);
  return id;
}

async function newGroup(name: string, maxTlp: string): Promise<string> {
  const [group] = await plant<{ id: string }>(target, 'groups', {
    name: `${name} ${runId}`,
    max_tlp: maxTlp,
  });
  groupIds.push(group!.id);
  return group!.id;
}

beforeAll(async () => {
  const analyst = await newReader('analyst');
  const greenOnly = await newReader('greenOnly');
  const redMember = await newReader('redMember');
  // Every new user joins the default "Analysts" group; the green-only one leaves it.
  const [defaults] = await rows<{ id: string }>(target, 'groups?name=eq.Analysts&select=id');
  await remove(target, `group_members?group_id=eq.${defaults!.id}&user_id=eq.${greenOnly}`);
  await plant(target, 'group_members', {
    group_id: await newGroup('Green only', 'green'),
    user_id: greenOnly,
  });
  const redGroup = await newGroup('RED audience', 'red');
  await plant(target, 'group_members', { group_id: redGroup, user_id: redMember });

  const [source] = await plant<{ id: string }>(target, 'sources', {
    name: `Clearance source ${runId}`,
    red_audience: [redGroup],
  });
  sourceId = source!.id;
  for (const tlp of ['green', 'amber', 'red'] as const) {
    const [indicator] = await plant<{ id: number }>(target, 'indicators', {
      type: 'domain',
      value: values[tlp],
      tlp,
    });
    await plant(target, 'indicator_sources', { indicator_id: indicator!.id, source_id: sourceId, tlp });
  }
  tokens.analyst = await signIn(target, emailOf('analyst'), password);
  tokens.greenOnly = await signIn(target, emailOf('greenOnly'), password);
  tokens.redMember = await signIn(target, emailOf('redMember'), password);
  expect(analyst && redMember).toMatch(/^[0-9a-f-]{36}$/);
});

afterAll(async () => {
  await remove(target, `indicators?value=like.*.${marker}`);
  if (sourceId) await remove(target, `sources?id=eq.${sourceId}`);
  for (const id of userIds) await deleteUser(target, id);
  for (const id of groupIds) await remove(target, `groups?id=eq.${id}`);
});

/** What each reader should see of the three indicators, least to most restricted. */
const expected: Record<Reader, string[]> = {
  greenOnly: [values.green],
  analyst: [values.green, values.amber],
  redMember: [values.green, values.amber, values.red],
};

async function restValues(reader: Reader): Promise<string[]> {
  const found = await rows<{ value: string }>(
    target,
    `indicators?value=like.*.${marker}&select=value`,
    tokens[reader],
  );
  return found.map((r) => r.value).sort();
}

async function reportCount(reader: Reader): Promise<number> {
  const res = await rest(target, `indicator_sources?source_id=eq.${sourceId}&select=tlp`, {
    as: tokens[reader],
  });
  expect(res.status).toBe(200);
  return (res.json as unknown[]).length;
}

async function listValues(reader: Reader): Promise<string[]> {
  const res = await rpc(target, 'search_indicators', { _value: marker, _limit: 50 }, tokens[reader]);
  expect(res.status).toBe(200);
  return (res.json as { value: string }[]).map((r) => r.value).sort();
}

async function countOf(reader: Reader): Promise<number> {
  const res = await rpc(target, 'count_indicators', { _value: marker }, tokens[reader]);
  expect(res.status).toBe(200);
  const [count] = res.json as { total: number; exact: boolean }[];
  expect(count!.exact).toBe(true);
  return count!.total;
}

async function huntValues(reader: Reader): Promise<string[]> {
  const res = await rpc(
    target,
    'hunt_indicators',
    { _types: ['domain', 'domain', 'domain'], _values: Object.values(values) },
    tokens[reader],
  );
  expect(res.status).toBe(200);
  return (res.json as { value: string; id: number | null }[])
    .filter((r) => r.id !== null)
    .map((r) => r.value)
    .sort();
}

async function searchTitles(reader: Reader): Promise<string[]> {
  const res = await rpc(target, 'unified_search', { _query: marker, _limit_per_kind: 10 }, tokens[reader]);
  expect(res.status).toBe(200);
  return (res.json as { kind: string; title: string }[])
    .filter((r) => r.kind === 'indicator')
    .map((r) => r.title)
    .sort();
}

describe('API · clearances and the TLP:RED audience', () => {
  it.each(['greenOnly', 'analyst', 'redMember'] as const)(
    '%s reads indicators up to their clearance over REST',
    async (reader) => {
      expect(await restValues(reader)).toEqual([...expected[reader]].sort());
    },
  );

  it.each(['greenOnly', 'analyst', 'redMember'] as const)(
    '%s reads only the reports they are cleared for',
    async (reader) => {
      expect(await reportCount(reader)).toBe(expected[reader].length);
    },
  );

  it.each(['greenOnly', 'analyst', 'redMember'] as const)(
    '%s: the IOC list and its count agree',
    async (reader) => {
      expect(await listValues(reader)).toEqual([...expected[reader]].sort());
      expect(await countOf(reader)).toBe(expected[reader].length);
    },
  );

  it.each(['greenOnly', 'analyst', 'redMember'] as const)(
    '%s: hunting finds only what they may read',
    async (reader) => {
      expect(await huntValues(reader)).toEqual([...expected[reader]].sort());
    },
  );

  it.each(['greenOnly', 'analyst', 'redMember'] as const)(
    '%s: unified search finds only what they may read',
    async (reader) => {
      const titles = await searchTitles(reader);
      for (const value of Object.values(values)) {
        expect(
          titles.some((t) => t.includes(value)),
          value,
        ).toBe(expected[reader].includes(value));
      }
    },
  );
});
