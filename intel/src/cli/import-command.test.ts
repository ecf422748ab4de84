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
