/**
 * `k6/data` SharedArray: built once per name by its callback (which must answer an array), shared by
 * every VU, read-only (k6 throws on writes; frozen objects throw in strict-mode modules too).
 */
const built = new Map<string, readonly unknown[]>();

function deepFreeze<T>(value: T): T {
  if (value !== null && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const inner of Object.values(value)) deepFreeze(inner);
  }
  return value;
}

function sharedArray<T>(name: string, build: () => T[]): readonly T[] {
  if (!name) throw new Error('a SharedArray needs a name');
  let array = built.get(name);
  if (!array) {
    const made = build();
    if (!Array.isArray(made)) throw new Error('a SharedArray callback must return an array');
    // k6 copies the data through JSON: functions and undefined do not survive.
    array = deepFreeze(JSON.parse(JSON.stringify(made)) as T[]);
    built.set(name, array);
  }
  return array as readonly T[];
}

/** `new SharedArray(name, build)`: a constructor answering the shared array itself, as k6's does. */
export const SharedArray = function SharedArray(name: string, build: () => unknown[]) {
  return sharedArray(name, build);
} as unknown as new <T = unknown>(name: string, build: () => T[]) => T[];

export default { SharedArray };
