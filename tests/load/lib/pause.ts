/**
 * Think time. k6's sleep blocks its VU and answers undefined; the Node runner's answers a promise.
 * Awaiting `Promise.resolve(sleep(s))` is right in both.
 */
import { sleep } from 'k6';

export function pause(seconds: number): Promise<void> {
  return Promise.resolve(sleep(seconds));
}
