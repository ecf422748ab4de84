import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { tabsSlotRecipe } from '@chakra-ui/react/theme';
import { describe, expect, it } from 'vitest';
import { COMPONENT_RECIPES } from './component-recipes';
import { system } from './system';

const SRC = path.resolve(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** Capitalised names imported from '@chakra-ui/react' anywhere in the app (components, not functions). */
function importedComponents(): Set<string> {
  const names = new Set<string>();
  for (const file of sourceFiles(SRC)) {
    for (const match of readFileSync(file, 'utf8').matchAll(
      /import\s*\{([^}]+)\}\s*from\s*'@chakra-ui\/react'/g,
    )) {
      for (const part of match[1]!.split(',')) {
        const name = part
          .trim()
          .replace(/^type\s+/, '')
          .split(/\s+as\s+/)[0]!;
        if (/^[A-Z]/.test(name) && !part.trim().startsWith('type ')) names.add(name);
      }
    }
  }
  return names;
}

describe('the Chakra system', () => {
  const providers = new Set(['ChakraProvider']);

  it('knows the recipe of every Chakra component the app imports', () => {
    const unknown = [...importedComponents()].filter(
      (name) => !providers.has(name) && !(name in COMPONENT_RECIPES),
    );
    expect(unknown, 'add these components to theme/component-recipes.ts').toEqual([]);
  });

  it('carries every recipe those components need', () => {
    const missing = Object.entries(COMPONENT_RECIPES)
      .filter(([, recipe]) => recipe !== null)
      .filter(([, recipe]) => !system.hasRecipe(recipe!))
      .map(([component, recipe]) => `${component} → ${recipe}`);
    expect(missing, 'add these recipes to theme/chakra-theme.ts').toEqual([]);
  });

  it('leaves out recipes the app does not use', () => {
    expect(system.hasRecipe('carousel')).toBe(false);
    expect(system.hasRecipe('datePicker')).toBe(false);
  });

  it('keeps the semantic tokens named by meaning', () => {
    expect(system.token('colors.severity.critical')).toBeDefined();
    expect(system.token('colors.tlp.amber')).toBeDefined();
  });

  it("wraps whole tab labels on a narrow screen and keeps every slot of Chakra's tabs", () => {
    const tabs = system.getSlotRecipe('tabs');
    expect(tabs.slots).toEqual(tabsSlotRecipe.slots);
    expect(tabs.base?.list).toMatchObject({ flexWrap: 'wrap', display: 'inline-flex' });
    expect(tabs.base?.trigger).toMatchObject({ whiteSpace: 'nowrap' });
    expect(tabs.base?.root).toBeDefined();
  });
});
