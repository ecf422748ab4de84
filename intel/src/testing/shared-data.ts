import path from 'node:path';

/**
 * The real public files the tests read: `../shared/data` beside the repository (CI clones main with
 * shared/ beside it). `INTEL_SHARED_DATA` points elsewhere when needed.
 */
export const SHARED_DATA =
  process.env.INTEL_SHARED_DATA ?? path.resolve(import.meta.dirname, '../../../../shared/data');

export const sharedFile = (...parts: string[]): string => path.join(SHARED_DATA, ...parts);
