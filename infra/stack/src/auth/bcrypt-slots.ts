/**
 * At most a few bcrypt computations at a time. @node-rs/bcrypt runs each one on libuv's thread
 * pool (4 threads by default); a burst of sign-ins on a 2-core machine then fills every core with
 * hashing, and the gateway's event loop, its database pool and its health probe starve with it
 * (load tests saw health answers take 5 s and the supervisor restart a healthy gateway). Queued
 * in order here, sign-ins wait for a slot instead, and everything else keeps a core.
 */
import os from 'node:os';

export class Slots {
  private running = 0;
  private readonly waiting: (() => void)[] = [];

  constructor(readonly size: number) {}

  async run<T>(work: () => Promise<T>): Promise<T> {
    if (this.running >= this.size) await new Promise<void>((resolve) => this.waiting.push(resolve));
    else this.running += 1;
    try {
      return await work();
    } finally {
      const next = this.waiting.shift();
      // The slot passes straight to the next in line, so `running` never dips and refills.
      if (next) next();
      else this.running -= 1;
    }
  }
}

/** One core is left to the event loop and Postgres. */
export const bcryptSlots = new Slots(Math.max(1, os.availableParallelism() - 1));
