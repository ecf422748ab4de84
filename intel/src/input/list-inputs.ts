import { readdir, stat } from 'node:fs/promises';
import path from 'node:path';

/** Files in a folder that are documentation, not data. */
const SKIPPED = /^(\.|license|licence|readme|provenance|index\.csv$|manifest)|\.(md|tsv|txt)$/i;

/** The file itself, or every data file below a folder (recursively, sorted), as one import. */
export async function listInputFiles(input: string): Promise<string[]> {
  const info = await stat(input);
  if (!info.isDirectory()) return [input];
  const files: string[] = [];
  for (const entry of (await readdir(input, { withFileTypes: true })).sort((a, b) => a.name.localeCompare(b.name))) {
    if (SKIPPED.test(entry.name)) continue;
    const full = path.join(input, entry.name);
    if (entry.isDirectory()) files.push(...(await listInputFiles(full)));
    else if (entry.isFile()) files.push(full);
  }
  return files;
}
