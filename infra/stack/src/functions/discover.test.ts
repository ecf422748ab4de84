import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { discoverFunctions, functionEntry, isFunctionName } from './discover.js';

const root = mkdtempSync(path.join(tmpdir(), 'functions-discover-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

function file(relative: string): void {
  mkdirSync(path.dirname(path.join(root, relative)), { recursive: true });
  writeFileSync(path.join(root, relative), '');
}

describe('function discovery', () => {
  it('lists folders with an entry module, skipping helper folders, tests and stray files', () => {
    file('ioc-classify/index.ts');
    file('legacy/index.js');
    file('_shared/cors.ts');
    file('_shared/index.ts');
    file('tests/index.ts');
    file('no-entry/handler.ts');
    file('deno.json');
    expect(discoverFunctions(root)).toEqual(['ioc-classify', 'legacy']);
  });

  it('finds no function in a folder that does not exist', () => {
    expect(discoverFunctions(path.join(root, 'missing'))).toEqual([]);
  });

  it('never resolves a name outside the folder', () => {
    file('secret/index.ts');
    for (const name of ['../secret', 'a/b', '.', '..', '', '_shared', 'tests', 'x'.repeat(101)]) {
      expect(isFunctionName(name), name).toBe(false);
    }
    expect(functionEntry(path.join(root, 'ioc-classify'), '../secret')).toBeUndefined();
    expect(functionEntry(root, 'secret')).toBe(path.join(root, 'secret', 'index.ts'));
  });
});
