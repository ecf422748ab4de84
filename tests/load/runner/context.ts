/**
 * Which virtual user is running: k6 gives each VU its own JavaScript runtime, the runner runs every
 * VU as async work in one process, so `__VU`, `__ITER`, the scenario and the current group come
 * from the async context instead of globals.
 */
import { AsyncLocalStorage } from 'node:async_hooks';

export interface VuContext {
  /** 0 in setup/teardown, as in k6. */
  vu: number;
  iteration: number;
  scenario: string;
  /** The group path, k6-style: '' at the root, '::a::b' inside groups a and b. */
  group: string;
  /** Set when the executor hard-stops this VU (gracefulStop passed): pending sleeps and requests end. */
  stopped: AbortSignal;
}

export const vuStorage = new AsyncLocalStorage<VuContext>();

const idle = new AbortController().signal;
const ROOT: VuContext = { vu: 0, iteration: 0, scenario: '', group: '', stopped: idle };

export function currentVu(): VuContext {
  return vuStorage.getStore() ?? ROOT;
}

/** A hard-stopped VU's work ends with this; the runner drops it without counting an error. */
export class InterruptedError extends Error {
  constructor() {
    super('iteration interrupted');
  }
}

export function installGlobals(env: Record<string, string>): void {
  Object.defineProperty(globalThis, '__ENV', { value: env, configurable: true, writable: true });
  Object.defineProperty(globalThis, '__VU', { get: () => currentVu().vu, configurable: true });
  Object.defineProperty(globalThis, '__ITER', { get: () => currentVu().iteration, configurable: true });
}
