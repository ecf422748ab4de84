/**
 * Size limits written as text: storage's bucket API takes "20MB" / "30KB" / "3B" (decimal units,
 * as supabase/storage parses them), the CLI's config.toml takes "50MiB" (binary units). Both
 * spellings are accepted everywhere; a bare number means bytes.
 */

const UNITS: Record<string, number> = {
  b: 1,
  kb: 1e3,
  mb: 1e6,
  gb: 1e9,
  tb: 1e12,
  k: 1024,
  kib: 1024,
  m: 1024 ** 2,
  mib: 1024 ** 2,
  g: 1024 ** 3,
  gib: 1024 ** 3,
  t: 1024 ** 4,
  tib: 1024 ** 4,
};

export class FileSizeError extends Error {
  constructor(value: unknown) {
    super(`Invalid file size ${JSON.stringify(value)}, hint: use 20GB / 20MB / 30KB / 3B / 50MiB`);
    this.name = 'FileSizeError';
  }
}

/** Bytes for a number or a "<number><unit>" string; throws FileSizeError for anything else. */
export function parseFileSize(value: unknown): number {
  if (typeof value === 'number') {
    if (!Number.isFinite(value) || value < 0) throw new FileSizeError(value);
    return Math.floor(value);
  }
  if (typeof value !== 'string') throw new FileSizeError(value);
  const match = /^\s*(\d+(?:\.\d+)?)\s*([a-z]*)\s*$/i.exec(value);
  if (!match) throw new FileSizeError(value);
  const unit = match[2]!.toLowerCase() || 'b';
  const factor = UNITS[unit];
  if (factor === undefined) throw new FileSizeError(value);
  return Math.floor(Number(match[1]) * factor);
}
