/** Parses Go-style durations as the Supabase CLI writes them in config.toml ("24h", "8h30m", "90s"). */
const UNIT_SECONDS: Record<string, number> = { ms: 0.001, s: 1, m: 60, h: 3600 };

export function parseDurationSeconds(value: unknown, fallback = 0): number {
  if (value === undefined || value === null || value === '') return fallback;
  if (typeof value === 'number') return value;
  if (typeof value !== 'string') throw new Error(`Invalid duration: ${String(value)}`);
  const parts = [...value.matchAll(/(\d+(?:\.\d+)?)(ms|s|m|h)/g)];
  if (parts.length === 0 || parts.map((p) => p[0]).join('') !== value.trim()) {
    throw new Error(`Invalid duration "${value}" (expected e.g. "24h", "8h30m", "90s")`);
  }
  return parts.reduce((sum, p) => sum + Number(p[1]) * UNIT_SECONDS[p[2]!]!, 0);
}
