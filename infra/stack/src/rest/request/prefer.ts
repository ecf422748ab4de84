/**
 * The `Prefer` header: comma-separated, possibly repeated; the first value of each kind wins;
 * unknown values are ignored unless `handling=strict` (PGRST122).
 */
export interface Preferences {
  resolution?: 'merge-duplicates' | 'ignore-duplicates';
  return?: 'representation' | 'minimal' | 'headers-only';
  count?: 'exact' | 'planned' | 'estimated';
  tx?: 'commit' | 'rollback';
  missing?: 'default' | 'null';
  handling?: 'strict' | 'lenient';
  timezone?: string;
  maxAffected?: number;
  invalid: string[];
}

const CHOICES = {
  resolution: ['merge-duplicates', 'ignore-duplicates'],
  return: ['representation', 'minimal', 'headers-only'],
  count: ['exact', 'planned', 'estimated'],
  tx: ['commit', 'rollback'],
  missing: ['default', 'null'],
  handling: ['strict', 'lenient'],
} as const;

type ChoiceKey = keyof typeof CHOICES;

const NO_PREFERENCES: Preferences = Object.freeze({ invalid: Object.freeze([]) as unknown as string[] });

export function parsePrefer(header: string | string[] | undefined): Preferences {
  if (header === undefined) return NO_PREFERENCES;
  const prefs: Preferences = { invalid: [] };
  const values = (Array.isArray(header) ? header : header === undefined ? [] : [header])
    .flatMap((h) => h.split(','))
    .map((v) => v.trim())
    .filter((v) => v !== '');
  for (const value of values) {
    const eq = value.indexOf('=');
    const name = eq === -1 ? value : value.slice(0, eq).trim();
    const arg = eq === -1 ? '' : value.slice(eq + 1).trim();
    if (name in CHOICES) {
      const key = name as ChoiceKey;
      if (!(CHOICES[key] as readonly string[]).includes(arg)) {
        prefs.invalid.push(value);
        continue;
      }
      if (prefs[key] === undefined) (prefs as unknown as Record<string, string>)[key] = arg;
      continue;
    }
    if (name === 'max-affected' && /^\d+$/.test(arg)) {
      prefs.maxAffected ??= Number(arg);
      continue;
    }
    if (name === 'timezone' && /^[A-Za-z0-9_/+-]+$/.test(arg)) {
      prefs.timezone ??= arg;
      continue;
    }
    prefs.invalid.push(value);
  }
  return prefs;
}

/** What `Preference-Applied` lists, in PostgREST's order; undefined when nothing applies. */
export function preferenceApplied(applied: Partial<Omit<Preferences, 'invalid'>>): string | undefined {
  const parts: string[] = [];
  if (applied.resolution) parts.push(`resolution=${applied.resolution}`);
  if (applied.missing) parts.push(`missing=${applied.missing}`);
  if (applied.return) parts.push(`return=${applied.return}`);
  if (applied.count) parts.push(`count=${applied.count}`);
  if (applied.tx) parts.push(`tx=${applied.tx}`);
  if (applied.handling) parts.push(`handling=${applied.handling}`);
  if (applied.timezone) parts.push(`timezone=${applied.timezone}`);
  if (applied.handling === 'strict' && applied.maxAffected !== undefined)
    parts.push(`max-affected=${applied.maxAffected}`);
  return parts.length === 0 ? undefined : parts.join(', ');
}
