/**
 * Counts lookalikes per family for some domains, as a Markdown table, to compare with dnstwist
 * (README.md). Usage, from the repository root:
 *
 *   npx tsx intel/src/brand/count-families.ts [--limit N] example.com paypal.com google.co.uk
 *
 * Each cell is `tagged / alone`: how many results carry the family in the full run (a name two
 * families produce counts for the first) and how many the family yields when run by itself. No cap
 * unless --limit is given, since dnstwist has none.
 */
import type { LookalikeFamily } from './lookalikes.js';
import { generateLookalikes, LOOKALIKE_FAMILIES, LookalikeInputError } from './lookalikes.js';

function countFamilies(domain: string, limit: number): Map<LookalikeFamily | 'total', string> {
  const all = generateLookalikes(domain, { limit });
  const cells = new Map<LookalikeFamily | 'total', string>();
  for (const family of LOOKALIKE_FAMILIES) {
    const tagged = all.filter((l) => l.family === family).length;
    const alone = generateLookalikes(domain, { limit, families: [family] }).length;
    cells.set(family, `${tagged} / ${alone}`);
  }
  cells.set('total', String(all.length));
  return cells;
}

function main(args: string[]): number {
  let limit = Number.MAX_SAFE_INTEGER;
  const at = args.indexOf('--limit');
  if (at !== -1) {
    limit = Number(args[at + 1]);
    args.splice(at, 2);
  }
  if (args.length === 0) {
    console.error('usage: count-families.ts [--limit N] DOMAIN...');
    return 2;
  }
  try {
    const columns = args.map((domain) => countFamilies(domain, limit));
    const table = [
      ['family', ...args],
      ['---', ...args.map(() => '---:')],
      ...[...LOOKALIKE_FAMILIES, 'total' as const].map((row) => [
        row,
        ...columns.map((cells) => cells.get(row)!),
      ]),
    ];
    const widths = table[0]!.map((_, c) => Math.max(...table.map((row) => row[c]!.length)));
    for (const row of table) console.log(`| ${row.map((cell, c) => cell.padEnd(widths[c]!)).join(' | ')} |`);
    return 0;
  } catch (error) {
    if (!(error instanceof LookalikeInputError)) throw error;
    console.error(error.message);
    return 2;
  }
}

process.exitCode = main(process.argv.slice(2));
