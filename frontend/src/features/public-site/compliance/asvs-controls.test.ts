import { existsSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { asvsChapters } from './asvs-controls';

const repoRoot = path.resolve(__dirname, '../../../../..');

describe('ASVS control mapping', () => {
  it('covers the fourteen chapters V1 to V14 in order', () => {
    expect(asvsChapters.map((chapter) => chapter.id)).toEqual(
      Array.from({ length: 14 }, (_, i) => `V${i + 1}`),
    );
  });

  it.each(asvsChapters.flatMap((c) => c.controls.flatMap((control) => control.tests)).map((t) => [t]))(
    'cites %s, which exists in the repository',
    (testPath) => {
      expect(existsSync(path.join(repoRoot, testPath))).toBe(true);
    },
  );

  it('gives every control at least one test', () => {
    for (const control of asvsChapters.flatMap((c) => c.controls))
      expect(control.tests.length).toBeGreaterThan(0);
  });
});
