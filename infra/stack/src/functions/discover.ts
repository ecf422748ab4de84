/**
 * Which folders under `supabase/functions` are functions, as the Supabase CLI sees them: a folder
 * with an entry module, whose name is a valid function name. `_shared`-style folders (leading
 * underscore), `tests` and `node_modules` hold code for functions, not functions.
 */
import { existsSync, readdirSync } from 'node:fs';
import path from 'node:path';

const NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;
const NOT_FUNCTIONS = new Set(['tests', 'node_modules']);
const ENTRY_FILES = ['index.ts', 'index.js', 'index.mjs', 'index.tsx', 'index.jsx'];

export function isFunctionName(name: string): boolean {
  return NAME.test(name) && !NOT_FUNCTIONS.has(name);
}

/** The entry module of function `name`, or undefined when there is no such function on disk. */
export function functionEntry(functionsDir: string, name: string): string | undefined {
  if (!isFunctionName(name)) return undefined;
  for (const file of ENTRY_FILES) {
    const entry = path.join(functionsDir, name, file);
    if (existsSync(entry)) return entry;
  }
  return undefined;
}

/** Every function in the folder, sorted by name; none when the folder does not exist. */
export function discoverFunctions(functionsDir: string): string[] {
  if (!existsSync(functionsDir)) return [];
  return readdirSync(functionsDir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory() || entry.isSymbolicLink())
    .map((entry) => entry.name)
    .filter((name) => functionEntry(functionsDir, name) !== undefined)
    .sort();
}
