import { once } from 'node:events';
import type { Writable } from 'node:stream';

/** Writes with back-pressure: waits for `drain` instead of buffering a whole export. */
export async function write(out: Writable, text: string): Promise<void> {
  if (!out.write(text)) await once(out, 'drain');
}
