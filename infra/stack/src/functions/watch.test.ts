import { describe, expect, it } from 'vitest';
import { changedFunction } from './watch.js';

describe('which function a changed file reloads', () => {
  it('maps a file under a function folder to that function', () => {
    expect(changedFunction('echo/index.ts')).toBe('echo');
    expect(changedFunction('echo/lib/util.mjs')).toBe('echo');
    expect(changedFunction('new-fn')).toBe('new-fn');
  });

  it('reloads everything for shared code and config', () => {
    expect(changedFunction('_shared/cors.ts')).toBeUndefined();
    expect(changedFunction('deno.json')).toBeUndefined();
    expect(changedFunction('import_map.json')).toBeUndefined();
  });

  it("ignores Deno's own writes, dotfiles and non-source files", () => {
    expect(changedFunction('deno.lock')).toBeNull();
    expect(changedFunction('echo/node_modules/x/index.js')).toBeNull();
    expect(changedFunction('echo/.index.ts.swp')).toBeNull();
    expect(changedFunction('echo/README.md')).toBeNull();
  });
});
