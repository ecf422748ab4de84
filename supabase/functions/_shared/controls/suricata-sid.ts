import { createHash } from 'node:crypto';

/** The default first sid of our rules (9,100,000: clear of the ranges public rule sets use). */
export const DEFAULT_SID_BASE = 9_100_000;
/** How many sids the export may use from its base. */
export const SID_SPAN = 1_000_000;
export const MAX_SID = 2 ** 32 - 1;

/**
 * Sids that stay the same for the same rule across exports: a SHA-256 of the rule's key (keyword,
 * type and value) taken into the span. Two keys landing on one slot are resolved deterministically:
 * the first in the export's order (types in the format's order, values sorted) keeps it, the next
 * probes to the following free slot. A bitmap of the span (125 KB) keeps memory constant.
 */
export class SidAllocator {
  private readonly used: Uint8Array;
  private taken = 0;
  constructor(
    private readonly base: number = DEFAULT_SID_BASE,
    private readonly span: number = SID_SPAN,
  ) {
    this.used = new Uint8Array(Math.ceil(span / 8));
  }

  static slotOf(key: string, span: number = SID_SPAN): number {
    return createHash('sha256').update(key).digest().readUIntBE(0, 6) % span;
  }

  sid(key: string): number {
    if (this.taken >= this.span) throw new Error(`more than ${this.span} rules: the sid range is full`);
    let slot = SidAllocator.slotOf(key, this.span);
    while (this.used[slot >> 3]! & (1 << (slot & 7))) slot = (slot + 1) % this.span;
    this.used[slot >> 3]! |= 1 << (slot & 7);
    this.taken += 1;
    return this.base + slot;
  }
}
