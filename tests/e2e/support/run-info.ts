/** The users global setup created for this run, shared with the specs through .temp/run.json. */
import { readFileSync } from 'node:fs';
import { RUN_FILE } from './paths';

export interface TestUser {
  id: string;
  email: string;
  password: string;
}

export interface RunInfo {
  runId: string;
  /** Signed in once by global setup; its session is the saved storage state of the specs. */
  analyst: TestUser;
  /** A second analyst for flows that sign in or out themselves (sign-out revokes every session). */
  member: TestUser;
  /** Has the admin role; enrols two-factor in the admin spec. */
  admin: TestUser;
}

let cached: RunInfo | undefined;

export function runInfo(): RunInfo {
  cached ??= JSON.parse(readFileSync(RUN_FILE, 'utf8')) as RunInfo;
  return cached;
}
