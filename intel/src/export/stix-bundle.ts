import { randomUUID } from 'node:crypto';
import type { Writable } from 'node:stream';
import type { StixObject } from './stix-pages.js';
import { write } from './write-stream.js';

/** A STIX 2.1 bundle written object by object; returns how many objects it holds. */
export async function writeBundle(pages: AsyncIterable<StixObject[]>, out: Writable): Promise<number> {
  let count = 0;
  await write(out, `{"type":"bundle","id":"bundle--${randomUUID()}","objects":[`);
  for await (const objects of pages) {
    for (const object of objects) {
      await write(out, `${count === 0 ? '\n' : ',\n'}${JSON.stringify(object)}`);
      count += 1;
    }
  }
  await write(out, '\n]}\n');
  return count;
}
