/**
 * Reloads functions when their code changes, as `supabase functions serve` does: a change under
 * `<name>/` restarts that function; one in shared code (`_shared/`, deno.json, import maps)
 * restarts them all. Only source and config files count, so Deno's own writes (deno.lock,
 * node_modules) never cause a restart loop. Changes arriving together are handled once.
 */
import { existsSync, watch, type FSWatcher } from 'node:fs';
import { isFunctionName } from './discover.js';

const SOURCE = /\.(ts|tsx|js|jsx|mjs|mts|json|jsonc)$/;
const IGNORED = new Set(['node_modules', 'deno.lock']);
const DEBOUNCE_MS = 200;

/** The function a changed path belongs to, `undefined` for shared code, `null` when it does not matter. */
export function changedFunction(relative: string): string | undefined | null {
  const parts = relative.split(/[\\/]/).filter((p) => p !== '');
  if (parts.length === 0 || parts.some((p) => IGNORED.has(p) || p.startsWith('.'))) return null;
  if (!SOURCE.test(parts[parts.length - 1]!))
    return parts.length === 1 && isFunctionName(parts[0]!) ? parts[0] : null;
  return parts.length > 1 && isFunctionName(parts[0]!) ? parts[0] : undefined;
}

/** Watches `dir`; `onChange` gets the function names to restart, or `'all'`. Returns the stop function. */
export function watchFunctions(dir: string, onChange: (names: Set<string> | 'all') => void): () => void {
  if (!existsSync(dir)) return () => undefined;
  let watcher: FSWatcher;
  try {
    watcher = watch(dir, { recursive: true });
  } catch {
    return () => undefined;
  }
  let pending: Set<string> | 'all' = new Set();
  let timer: NodeJS.Timeout | undefined;
  watcher.on('change', (_event, file) => {
    const name = changedFunction(String(file ?? ''));
    if (name === null) return;
    if (name === undefined) pending = 'all';
    else if (pending !== 'all') pending.add(name);
    clearTimeout(timer);
    timer = setTimeout(() => {
      const names = pending;
      pending = new Set();
      onChange(names);
    }, DEBOUNCE_MS);
    timer.unref();
  });
  watcher.on('error', () => watcher.close());
  return () => {
    clearTimeout(timer);
    watcher.close();
  };
}
