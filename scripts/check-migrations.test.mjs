// node --test scripts/check-migrations.test.mjs
import assert from 'node:assert/strict';
import { test } from 'node:test';
import { EARLIEST_POLICY_VERSION, migrationProblems, versionTime } from './check-migrations.mjs';

const NOW = Date.parse('2026-12-05T12:00:00Z');

test('a migration stamped when it was written passes', () => {
  assert.deepEqual(migrationProblems(['20261205115900_create_cases.sql', 'README.md'], NOW), []);
});

test('a migration stamped in the future fails, with the command that stamps it right', () => {
  const [problem] = migrationProblems(['20261206120000_create_cases.sql'], NOW);
  assert.match(problem, /in the future/);
  assert.match(problem, /supabase migration new/);
});

test('the versions stamped ahead before the policy, and those right after them, pass until the clock catches up', () => {
  const before = Date.parse('2026-11-27T15:00:00Z');
  assert.deepEqual(
    migrationProblems(
      [`${EARLIEST_POLICY_VERSION}_keep_ids.sql`, '20261201130000_search_assets.sql'],
      before,
    ),
    [],
  );
  assert.match(migrationProblems(['20261203000000_too_far.sql'], before)[0], /in the future/);
});

test('duplicate versions, unreal dates and bad names are named', () => {
  const problems = migrationProblems(
    [
      '20261101000000_a.sql',
      '20261101000000_b.sql',
      '20261204250000_c.sql',
      '2026110100000_short.sql',
      '20261101000001_Bad-Name.sql',
    ],
    NOW,
  );
  assert.equal(problems.length, 4);
  assert.match(problems.join('\n'), /also 20261101000000_a\.sql's/);
  assert.match(problems.join('\n'), /not a real date/);
  assert.equal(versionTime('20261204250000'), null);
});
