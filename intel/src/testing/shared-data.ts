import { existsSync } from 'node:fs';
import path from 'node:path';

/**
 * The real public files the tests read: `../shared/data` beside the repository (CI clones main with
 * shared/ beside it). `INTEL_SHARED_DATA` points elsewhere when needed.
 */
export const SHARED_DATA =
  process.env.INTEL_SHARED_DATA ?? path.resolve(import.meta.dirname, '../../../../shared/data');

/**
 * A file of the shared data; a missing one fails at once with where it was looked for (a read
 * stream of a missing file would leave a streaming parser waiting for ever).
 */
export function sharedFile(...parts: string[]): string {
  const file = path.join(SHARED_DATA, ...parts);
  if (!existsSync(file))
    throw new Error(
      `${file} is missing: the tests read the shared data beside the repository (../shared/data), or where INTEL_SHARED_DATA points`,
    );
  return file;
}
