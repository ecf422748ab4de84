/** Locates the PostgreSQL server binaries (Debian layout), newest supported major first. */
import { existsSync } from 'node:fs';

export const MIN_POSTGRES_MAJOR = 15;
const CANDIDATE_MAJORS = [17, 16, 15];

export interface PostgresBinaries {
  major: number;
  dir: string;
  initdb: string;
  pgCtl: string;
}

export function findPostgresBinaries(): PostgresBinaries | undefined {
  const fromEnv = process.env.PG_BIN_DIR;
  const dirs = fromEnv
    ? [[0, fromEnv] as const]
    : CANDIDATE_MAJORS.map((m) => [m, `/usr/lib/postgresql/${m}/bin`] as const);
  for (const [major, dir] of dirs) {
    if (existsSync(`${dir}/initdb`) && existsSync(`${dir}/pg_ctl`)) {
      return { major, dir, initdb: `${dir}/initdb`, pgCtl: `${dir}/pg_ctl` };
    }
  }
  return undefined;
}

/** The apt command that installs what the stack needs, for operators without it. */
export const POSTGRES_APT_PACKAGES = ['postgresql-15', 'postgresql-contrib', 'postgresql-client-15'];
