/**
 * Sorted, non-overlapping address ranges in typed arrays, looked up by binary search: the shape of
 * the ip-location-db CSV files (`start,end,…` one range a line, ascending). IPv4 ranges are 32-bit
 * numbers; IPv6 ranges are 128-bit numbers kept as two 64-bit halves. A range's payload is the
 * index of its row, which the caller maps to what the row carries (an ASN, a country).
 */

export class RangeTable {
  constructor(
    readonly startHi: BigUint64Array | Uint32Array,
    readonly startLo: BigUint64Array | undefined,
    readonly endHi: BigUint64Array | Uint32Array,
    readonly endLo: BigUint64Array | undefined,
  ) {}

  get size(): number {
    return this.startHi.length;
  }

  static ipv4(starts: number[], ends: number[]): RangeTable {
    return new RangeTable(Uint32Array.from(starts), undefined, Uint32Array.from(ends), undefined);
  }

  static ipv6(starts: bigint[], ends: bigint[]): RangeTable {
    const hi = (n: bigint) => n >> 64n;
    const lo = (n: bigint) => n & 0xffff_ffff_ffff_ffffn;
    return new RangeTable(
      BigUint64Array.from(starts, hi),
      BigUint64Array.from(starts, lo),
      BigUint64Array.from(ends, hi),
      BigUint64Array.from(ends, lo),
    );
  }

  /** Index of the IPv4 range holding `address` (a 32-bit number), or -1. */
  findIpv4(address: number): number {
    const starts = this.startHi as Uint32Array;
    let low = 0;
    let high = starts.length - 1;
    // The last range starting at or before the address.
    while (low <= high) {
      const mid = (low + high) >>> 1;
      if (starts[mid]! <= address) low = mid + 1;
      else high = mid - 1;
    }
    return high >= 0 && (this.endHi as Uint32Array)[high]! >= address ? high : -1;
  }

  /** Index of the IPv6 range holding `address` (a 128-bit number), or -1. */
  findIpv6(address: bigint): number {
    const hi = address >> 64n;
    const lo = address & 0xffff_ffff_ffff_ffffn;
    const startHi = this.startHi as BigUint64Array;
    const startLo = this.startLo!;
    let low = 0;
    let high = startHi.length - 1;
    while (low <= high) {
      const mid = (low + high) >>> 1;
      const h = startHi[mid]!;
      if (h < hi || (h === hi && startLo[mid]! <= lo)) low = mid + 1;
      else high = mid - 1;
    }
    if (high < 0) return -1;
    const endHi = (this.endHi as BigUint64Array)[high]!;
    return endHi > hi || (endHi === hi && this.endLo![high]! >= lo) ? high : -1;
  }
}

/** `a.b.c.d` → its 32-bit number (the caller has checked the form). */
export function ipv4Number(address: string): number {
  let n = 0;
  let octet = 0;
  for (let i = 0; i < address.length; i++) {
    const c = address.charCodeAt(i);
    if (c === 46) {
      n = n * 256 + octet;
      octet = 0;
    } else octet = octet * 10 + (c - 48);
  }
  return n * 256 + octet;
}

/** An IPv6 address in any RFC 4291 §2.2 text form (embedded dotted quad included) → its 128-bit number. */
export function ipv6Number(address: string): bigint {
  let text = address;
  const quad = /(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (quad) {
    const n = ipv4Number(quad[1]!);
    text = `${text.slice(0, quad.index)}${(n >>> 16).toString(16)}:${(n & 0xffff).toString(16)}`;
  }
  const [head = '', tail] = text.split('::');
  const left = head === '' ? [] : head.split(':');
  const right = tail === undefined || tail === '' ? [] : tail.split(':');
  const groups =
    tail === undefined
      ? left
      : [...left, ...Array<string>(8 - left.length - right.length).fill('0'), ...right];
  let n = 0n;
  for (const group of groups) n = (n << 16n) | BigInt(parseInt(group, 16));
  return n;
}
