/**
 * Seeded randomness for the generator and the lookups: the same seed gives the same file and the
 * same sample of values, run after run, so two runs of the benchmark measure the same work.
 */

/** murmur3's finaliser: spreads every input bit over the 32-bit output. */
function fmix32(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  h ^= h >>> 13;
  h = Math.imul(h, 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

/** sfc32 (Chris Doty-Humphrey's small fast counting generator): 32-bit state words, no BigInt. */
export class Prng {
  private a = 0;
  private b = 0;
  private c = 0;
  private d = 1;

  constructor(seed: number, stream = 0) {
    this.reseed(seed, stream);
  }

  /**
   * Restarts at stream `stream` of `seed`: the generator can replay any row's draws from its row
   * number alone, without keeping the row (or a generator per row) in memory.
   */
  reseed(seed: number, stream: number): void {
    this.a = fmix32((seed ^ 0x9e3779b9) + Math.imul(stream, 0x632be5ab));
    this.b = fmix32(this.a ^ 0x243f6a88);
    this.c = fmix32(this.b + stream);
    this.d = 1;
    // The first outputs still show the seed; a few rounds mix it in.
    for (let i = 0; i < 2; i++) this.uint32();
  }

  /** A uniform 32-bit unsigned integer. */
  uint32(): number {
    const t = (((this.a + this.b) | 0) + this.d) | 0;
    this.d = (this.d + 1) | 0;
    this.a = this.b ^ (this.b >>> 9);
    this.b = (this.c + (this.c << 3)) | 0;
    this.c = (this.c << 21) | (this.c >>> 11);
    this.c = (this.c + t) | 0;
    return t >>> 0;
  }

  /** Uniform in [0, 1). */
  next(): number {
    return this.uint32() / 4294967296;
  }

  /** Uniform integer in [0, n). */
  below(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.below(items.length)]!;
  }

  /** True with probability p. */
  chance(p: number): boolean {
    return this.next() < p;
  }
}

/**
 * Items with weights, drawn in proportion to their weight in constant time (Vose's alias method:
 * one column per item, each split between the item and one other), one random number a draw.
 */
export class Weighted<T> {
  private readonly values: T[];
  private readonly keep: Float64Array;
  private readonly alias: Int32Array;

  constructor(items: readonly (readonly [T, number])[]) {
    const n = items.length;
    if (n === 0) throw new Error('Weighted needs at least one item');
    this.values = items.map(([value]) => value);
    this.keep = new Float64Array(n).fill(1);
    this.alias = Int32Array.from({ length: n }, (_, i) => i);
    const total = items.reduce((sum, [, weight]) => sum + weight, 0);
    const scaled = items.map(([, weight]) => (weight * n) / total);
    const small = scaled.flatMap((w, i) => (w < 1 ? [i] : []));
    const large = scaled.flatMap((w, i) => (w >= 1 ? [i] : []));
    while (small.length > 0 && large.length > 0) {
      const less = small.pop()!;
      const more = large[large.length - 1]!;
      this.keep[less] = scaled[less]!;
      this.alias[less] = more;
      scaled[more] = scaled[more]! + scaled[less]! - 1;
      if (scaled[more]! < 1) small.push(large.pop()!);
    }
  }

  draw(random: Prng): T {
    const u = random.next() * this.values.length;
    const column = Math.floor(u);
    return this.values[u - column < this.keep[column]! ? column : this.alias[column]!]!;
  }
}

/**
 * A bijection on [0, 2^24): distinct serial numbers give distinct, unordered-looking codes, so
 * generated names are unique without remembering the ones already made (constant memory).
 * Each step (odd multiply, add, xor-shift, all mod 2^24) is invertible.
 */
export function permute24(x: number, key: number): number {
  let v = (Math.imul(x, 0x9e3779) + key) & 0xffffff;
  v ^= v >>> 13;
  v = Math.imul(v, 0x5bd1e9) & 0xffffff;
  v ^= v >>> 11;
  v = Math.imul(v, 0x2c1b3d) & 0xffffff;
  return v ^ (v >>> 12);
}
