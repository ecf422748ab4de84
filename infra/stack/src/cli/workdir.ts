/** Which Supabase project a command acts on: --workdir, else the nearest folder with supabase/config.toml. */
import { existsSync } from 'node:fs';
import path from 'node:path';

export function resolveWorkdir(flag: string | undefined): string {
  // npm runs workspace scripts inside the workspace; INIT_CWD is where the user typed the command.
  const base = process.env.INIT_CWD ?? process.cwd();
  if (flag) return path.resolve(base, flag);
  let dir = path.resolve(base);
  for (;;) {
    if (existsSync(path.join(dir, 'supabase', 'config.toml'))) return dir;
    const parent = path.dirname(dir);
    if (parent === dir)
      throw new Error(`No supabase/config.toml in ${base} or its parents: pass --workdir <dir>`);
    dir = parent;
  }
}
