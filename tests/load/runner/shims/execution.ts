/** `k6/execution`: the running VU, scenario and test, and `test.abort()`. */
import { currentVu } from '../context.js';

export class TestAbort extends Error {
  constructor(readonly reason: string) {
    super(`test aborted: ${reason}`);
  }
}

export const abortState: { reason?: string } = {};

export default {
  get vu() {
    const ctx = currentVu();
    return { idInTest: ctx.vu, iterationInInstance: ctx.iteration, iterationInScenario: ctx.iteration };
  },
  get scenario() {
    return { name: currentVu().scenario };
  },
  test: {
    abort(reason = 'test aborted by the script'): never {
      abortState.reason = reason;
      throw new TestAbort(reason);
    },
  },
};
