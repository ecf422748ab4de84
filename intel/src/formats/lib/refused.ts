import type { Readable } from 'node:stream';
import type { Draft } from '../../model/drafts.js';
import { InputRefused } from '../format.js';

/** Refuses the input when it is read, as parse errors are, rather than when parse is called. */
export function refused(input: Readable, message: string): AsyncIterable<Draft> {
  return {
    [Symbol.asyncIterator]: () => ({
      next: () => {
        input.destroy();
        return Promise.reject(new InputRefused(message));
      },
    }),
  };
}
