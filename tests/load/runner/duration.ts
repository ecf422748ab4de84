/** k6 durations: Go-style strings ('1m30s', '500ms', '2h') or a number of milliseconds. */
const UNIT_MS: Record<string, number> = { ms: 1, s: 1000, m: 60_000, h: 3_600_000, us: 0.001, µs: 0.001 };

export function parseDuration(value: string | number | undefined, fallbackMs = 0): number {
  if (value === undefined || value === '') return fallbackMs;
  if (typeof value === 'number') return value;
  if (/^\d+(\.\d+)?$/.test(value.trim())) return Number(value) * 1000;
  const parts = value.trim().matchAll(/(\d+(?:\.\d+)?)(ms|µs|us|s|m|h)/g);
  let total = 0;
  let consumed = 0;
  for (const [whole, amount, unit] of parts) {
    total += Number(amount) * UNIT_MS[unit!]!;
    consumed += whole.length;
  }
  if (consumed !== value.trim().length) throw new Error(`Not a duration: ${JSON.stringify(value)}`);
  return total;
}

/** The way k6 prints a duration value in its summary (µs below 1 ms, then ms, then s, then m/h). */
export function formatDuration(ms: number): string {
  if (ms === 0) return '0s';
  if (ms < 1) return `${trim(ms * 1000)}µs`;
  if (ms < 1000) return `${trim(ms)}ms`;
  if (ms < 60_000) return `${trim(ms / 1000)}s`;
  const minutes = Math.floor(ms / 60_000);
  const seconds = (ms % 60_000) / 1000;
  if (minutes < 60) return `${minutes}m${trim(seconds)}s`;
  return `${Math.floor(minutes / 60)}h${minutes % 60}m${trim(seconds)}s`;
}

function trim(n: number): string {
  return Number(n.toFixed(2)).toString();
}
