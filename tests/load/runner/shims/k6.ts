/** `k6`: check, group, sleep, fail, as k6 documents them. */
import { currentVu, InterruptedError, vuStorage } from '../context.js';
import { registry, type Tags } from '../registry.js';

type Checker<T> = (value: T) => unknown;

/** Runs every checker, records each as a `checks` sample, and answers whether all passed. */
export function check<T>(
  value: T,
  sets: Record<string, Checker<T> | boolean | number | string | null | undefined>,
  tags: Tags = {},
): boolean {
  const ctx = currentVu();
  let all = true;
  for (const [name, checker] of Object.entries(sets)) {
    const ok = Boolean(typeof checker === 'function' ? (checker as Checker<T>)(value) : checker);
    registry.add('checks', ok ? 1 : 0, { ...tags, check: name, group: ctx.group, scenario: ctx.scenario });
    const key = `${ctx.group}\u0000${name}`;
    const result = registry.checks.get(key) ?? { name, path: ctx.group, passes: 0, fails: 0 };
    if (ok) result.passes += 1;
    else result.fails += 1;
    registry.checks.set(key, result);
    all &&= ok;
  }
  return all;
}

/** Runs `fn` inside the named group (tagging its samples `group=::name`) and records group_duration. */
export function group<T>(name: string, fn: () => T): T {
  if (name.includes('::')) throw new Error("group and check names may not contain '::'");
  const outer = currentVu();
  const ctx = { ...outer, group: `${outer.group}::${name}` };
  const started = performance.now();
  const done = () =>
    registry.add('group_duration', performance.now() - started, { group: ctx.group, scenario: ctx.scenario });
  const result = vuStorage.run(ctx, fn);
  if (result instanceof Promise) return result.finally(done) as T;
  done();
  return result;
}

/**
 * k6's sleep blocks its VU; here every VU shares one event loop, so sleep answers a promise the
 * scripts await (in k6, awaiting sleep's undefined is a no-op after the blocking pause).
 */
export function sleep(seconds: number): Promise<void> {
  const { stopped } = currentVu();
  return new Promise((resolve, reject) => {
    if (stopped.aborted) return reject(new InterruptedError());
    const timer = setTimeout(() => {
      stopped.removeEventListener('abort', onStop);
      resolve();
    }, seconds * 1000);
    const onStop = () => {
      clearTimeout(timer);
      reject(new InterruptedError());
    };
    stopped.addEventListener('abort', onStop, { once: true });
  });
}

export function fail(message?: string): never {
  throw new Error(message ?? 'fail() called');
}

export function randomSeed(): void {
  throw new Error('randomSeed is not supported by the Node runner');
}

export default { check, group, sleep, fail };
