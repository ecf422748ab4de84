/**
 * A seeded PRNG for demo data: the same seed gives the same dataset on every machine and Node
 * version (Math.random cannot be seeded). mulberry32: 32-bit state, good enough spread for
 * picking traffic, not for anything secret.
 */
export class Random {
  private state: number;

  constructor(seed: number) {
    this.state = seed >>> 0;
  }

  /** [0, 1) */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [min, max]. */
  int(min: number, max: number): number {
    return min + Math.floor(this.next() * (max - min + 1));
  }

  pick<T>(items: readonly T[]): T {
    return items[Math.floor(this.next() * items.length)]!;
  }

  hex(length: number): string {
    let out = '';
    while (out.length < length) out += this.int(0, 0xffff).toString(16).padStart(4, '0');
    return out.slice(0, length);
  }

  /** A Suricata-like flow id: 51 bits, so it stays an exact JSON number. */
  flowId(): number {
    return this.int(1, 2 ** 21 - 1) * 2 ** 30 + this.int(0, 2 ** 30 - 1);
  }
}
