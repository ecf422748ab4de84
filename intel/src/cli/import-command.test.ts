import { describe, expect, it } from 'vitest';
import type { ImportSummary } from '../pipeline/run-import.js';
import { summaryTable } from './import-command.js';

const galaxyRun: ImportSummary = {
  runId: 7,
  format: 'misp-galaxy',
  source: 'MISP galaxy',
  status: 'succeeded',
  records: 1041,
  inserted: 0,
  updated: 2,
  unchanged: 1039,
  rejected: 0,
  ignored: 0,
  counts: {
    byKind: { objects: { inserted: 0, updated: 2, unchanged: 1039 } },
    duplicates: {
      merged: 123,
      separated: 0,
      conflictCount: 39,
      conflicts: [
        {
          type: 'intrusion-set',
          names: ['grizzly steppe'],
          objects: ['APT28 (a)', 'APT29 (b)', 'APT28 (c)'],
        },
      ],
    },
  },
  rejects: [],
  bytes: 1,
  seconds: 3.9,
};

describe('summaryTable', () => {
  it('reports the entries merged into another source and the shared names left apart', () => {
    const text = summaryTable(galaxyRun);
    expect(text).toContain(
      "merged into another source's entry: 123, separated again: 0, left apart (a name several entries share): 39",
    );
    expect(text).toContain('  ? grizzly steppe: APT28 (a); APT29 (b); APT28 (c)');
  });
});

describe('summaryTable for warninglists', () => {
  it('counts the lists and says which ranges were kept as their network', () => {
    const text = summaryTable({
      ...galaxyRun,
      format: 'misp-warninglist',
      source: 'MISP warninglists',
      counts: {
        lists: { inserted: 2, updated: 0, unchanged: 133, refused: 1 },
        entries: 528_970,
        normalised: [
          {
            where: 'lists/x/list.json $.list[0]',
            note: '10.1.2.3/8 has host bits set; kept as its network 10.0.0.0/8',
          },
        ],
      },
      rejects: [
        {
          where: 'lists/broken/list.json',
          reason: 'list refused, nothing of it kept: the list has no entries',
        },
      ],
      rejected: 1,
    });
    expect(text).toContain('lists: 2 inserted, 0 updated, 133 unchanged, 1 refused');
    expect(text).toContain(
      '  ~ lists/x/list.json $.list[0]: 10.1.2.3/8 has host bits set; kept as its network 10.0.0.0/8',
    );
    expect(text).toContain(
      '  ✗ lists/broken/list.json: list refused, nothing of it kept: the list has no entries',
    );
  });
});
