/** A virtual user: runs iterations of one scenario's exec function in its own async context. */
import { setMaxListeners } from 'node:events';
import { InterruptedError, vuStorage } from './context.js';
import { registry, type Tags } from './registry.js';
import { TestAbort } from './shims/execution.js';

export interface ScenarioRun {
  name: string;
  fn: (data: unknown) => unknown;
  data: unknown;
  tags: Tags;
  completed: number;
  interrupted: number;
  /** First error of the run, to fail the whole test (exec.test.abort). */
  onAbort: (error: TestAbort) => void;
}

let nextId = 1;
let active = 0;

export function activeVus(): number {
  return active;
}

export function resetVuIds(): void {
  nextId = 1;
  active = 0;
}

export class Vu {
  readonly id = nextId++;
  iterations = 0;
  /** Set by ramp-down: finish the current iteration, then stop. */
  retiring = false;
  busy = false;
  private readonly hardStop = new AbortController();

  constructor() {
    active += 1;
    // Every pending sleep, request and socket of this VU listens for the hard stop.
    setMaxListeners(0, this.hardStop.signal);
  }

  stop(): void {
    this.hardStop.abort();
  }

  release(): void {
    active -= 1;
  }

  async iterate(run: ScenarioRun): Promise<void> {
    this.busy = true;
    const ctx = {
      vu: this.id,
      iteration: this.iterations++,
      scenario: run.name,
      group: '',
      stopped: this.hardStop.signal,
    };
    const started = performance.now();
    let onStop = () => {};
    const stopped = new Promise<'stopped'>((resolve) => {
      onStop = () => resolve('stopped');
      if (this.hardStop.signal.aborted) resolve('stopped');
      this.hardStop.signal.addEventListener('abort', onStop, { once: true });
    });
    try {
      const outcome = await Promise.race([vuStorage.run(ctx, async () => run.fn(run.data)), stopped]);
      if (outcome === 'stopped') throw new InterruptedError();
    } catch (error) {
      this.busy = false;
      this.hardStop.signal.removeEventListener('abort', onStop);
      if (error instanceof InterruptedError || this.hardStop.signal.aborted) {
        run.interrupted += 1;
        return;
      }
      if (error instanceof TestAbort) return run.onAbort(error);
      // k6 logs an exception, ends the iteration and goes on with the next one.
      const message = error instanceof Error ? (error.stack ?? error.message) : String(error);
      console.error(
        `ERRO[${Math.round(registry.elapsedMs() / 1000)}] ${message} executor=${run.name} vu=${this.id}`,
      );
    }
    this.hardStop.signal.removeEventListener('abort', onStop);
    this.busy = false;
    const tags = { ...run.tags, scenario: run.name };
    registry.add('iterations', 1, tags);
    registry.add('iteration_duration', performance.now() - started, tags);
    run.completed += 1;
    // An iteration that never waited on I/O must still let timers and other VUs run.
    await new Promise((resolve) => setImmediate(resolve));
  }
}
