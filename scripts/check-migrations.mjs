#!/usr/bin/env node
// Checks the migrations' versions, so that `supabase db push` keeps working on existing installs:
// - each file is `YYYYMMDDHHMMSS_verb_object.sql` with a version no other file has, and (after
//   EARLIEST_POLICY_VERSION; some applied ones name hour 30) a real date;
// - a migration's version is the time it was written (UTC), so it is never in the future. The one
//   exception is a transition: migrations up to EARLIEST_POLICY_VERSION were stamped ahead of the
//   clock by earlier sessions, and a migration written before the clock passes them has to sort after
//   them; it may then take a version within GRACE after the newest of them, and no later.
// Usage: node scripts/check-migrations.mjs [--dir supabase/migrations] [--now ISO-TIME]
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/** The newest version stamped ahead of the clock before this check existed (issue 33). */
export const EARLIEST_POLICY_VERSION = '20261201090000';
/** How far after those a migration written meanwhile may go. */
const GRACE_MS = 24 * 3600 * 1000;
/** Clock skew between the machine that wrote a migration and the one that checks it. */
const SKEW_MS = 10 * 60 * 1000;

const NAME = /^(\d{14})_[a-z0-9]+(_[a-z0-9]+)*\.sql$/;

/** The UTC time a version names, or null when it is no real date. */
export function versionTime(version) {
  const [y, mo, d, h, mi, s] = [0, 4, 6, 8, 10, 12].map((at, i) =>
    Number(version.slice(at, at + (i ? 2 : 4))),
  );
  const time = Date.UTC(y, mo - 1, d, h, mi, s);
  const back = new Date(time);
  const real =
    back.getUTCFullYear() === y &&
    back.getUTCMonth() === mo - 1 &&
    back.getUTCDate() === d &&
    back.getUTCHours() === h &&
    back.getUTCMinutes() === mi &&
    back.getUTCSeconds() === s;
  return real ? time : null;
}

/** Problems with the migration file names, in plain words; empty when all is well. */
export function migrationProblems(files, now) {
  const problems = [];
  const seen = new Map();
  const latestAllowed = Math.max(now, versionTime(EARLIEST_POLICY_VERSION) + GRACE_MS) + SKEW_MS;
  for (const file of files.filter((f) => f.endsWith('.sql')).sort()) {
    const match = NAME.exec(file);
    if (!match) {
      problems.push(`${file}: not named YYYYMMDDHHMMSS_verb_object.sql (lower-case words joined by _)`);
      continue;
    }
    const version = match[1];
    if (seen.has(version)) problems.push(`${file}: version ${version} is also ${seen.get(version)}'s`);
    seen.set(version, file);
    // Versions before the policy are applied on installs as they are (some name hour 30).
    if (version <= EARLIEST_POLICY_VERSION) continue;
    const time = versionTime(version);
    if (time === null) problems.push(`${file}: ${version} is not a real date and time`);
    else if (time > latestAllowed)
      problems.push(
        `${file}: stamped ${new Date(time).toISOString()}, in the future; a migration's version is the time it is written (npx supabase migration new <name>)`,
      );
  }
  return problems;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const arg = (name) => {
    const at = process.argv.indexOf(name);
    return at > 0 ? process.argv[at + 1] : undefined;
  };
  const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
  const dir = path.resolve(arg('--dir') ?? path.join(root, 'supabase/migrations'));
  const now = arg('--now') ? Date.parse(arg('--now')) : Date.now();
  const files = readdirSync(dir);
  const problems = migrationProblems(files, now);
  for (const problem of problems) console.error(`migration check: ${problem}`);
  console.log(
    problems.length === 0
      ? `migration check: ${files.length} migrations, names and versions in order`
      : `migration check: ${problems.length} problem(s)`,
  );
  process.exit(problems.length === 0 ? 0 : 1);
}
