/** A single HTTP byte range ("bytes=0-99", "bytes=100-", "bytes=-100"), as downloads of media use. */

export interface ByteRange {
  start: number;
  /** Inclusive. */
  end: number;
}

/**
 * The range a `Range` header asks for within `size` bytes; undefined means "send everything"
 * (no header, another unit, or several ranges); null means the range cannot be satisfied.
 */
export function parseRange(header: string | undefined, size: number): ByteRange | undefined | null {
  if (header === undefined) return undefined;
  const match = /^bytes=(\d*)-(\d*)$/.exec(header.trim());
  if (!match) return undefined;
  const [, from, to] = match;
  if (from === '' && to === '') return null;
  if (from === '') {
    const suffix = Number(to);
    if (suffix === 0 || size === 0) return null;
    return { start: Math.max(0, size - suffix), end: size - 1 };
  }
  const start = Number(from);
  const end = to === '' ? size - 1 : Math.min(Number(to), size - 1);
  if (start >= size || end < start) return null;
  return { start, end };
}
