import type { Draft } from '../model/drafts.js';
import { InputRefused, type FormatAdapter } from './format.js';
import { csvBody } from './lib/csv-body.js';
import { columnIndexes, findCsvHeader, leadingComments } from './lib/csv-header.js';
import { CVE_ID, decimal } from './lib/fields.js';

const COLUMNS = ['cve', 'epss', 'percentile'] as const;

/** The day from FIRST's `#model_version:v2025.03.14,score_date:2026-08-15T00:00:00+0000` line. */
function scoreDate(head: string): string | undefined {
  for (const comment of leadingComments(head)) {
    const match = /score_date:(\d{4}-\d{2}-\d{2})/.exec(comment);
    if (match) return match[1];
  }
  return undefined;
}

/**
 * The day in a file name such as FIRST's archives' `epss_scores-2026-08-15.csv.gz`, when the file
 * carries no score_date line. A name without a date (or with an impossible one) gives none.
 */
export function fileNameDate(fileName: string): string | undefined {
  const match = /(?:^|[^\d])(\d{4}-\d{2}-\d{2})(?:[^\d]|$)/.exec(fileName);
  if (!match) return undefined;
  const day = match[1]!;
  const time = Date.parse(`${day}T00:00:00Z`);
  return Number.isNaN(time) || new Date(time).toISOString().slice(0, 10) !== day ? undefined : day;
}

/** A probability: a decimal from 0 to 1. The reason when it is not one. */
function probability(name: string, raw: string | undefined): number | string {
  const value = decimal(raw);
  if (value === undefined) return `${name} "${(raw ?? '').slice(0, 40)}" is not a number`;
  if (value < 0 || value > 1) return `${name} ${value} is outside 0–1`;
  return value;
}

function epssDraft(
  line: number,
  fields: string[],
  at: Record<(typeof COLUMNS)[number], number>,
  date: string | undefined,
): Draft {
  const where = `line ${line}`;
  const cveId = fields[at.cve]?.trim();
  if (!cveId) return { kind: 'reject', where, reason: 'the cve column is empty' };
  if (!CVE_ID.test(cveId))
    return { kind: 'reject', where, reason: `"${cveId.slice(0, 60)}" is not a CVE id (CVE-YYYY-NNNN)` };
  const score = probability('epss', fields[at.epss]);
  if (typeof score === 'string') return { kind: 'reject', where, reason: score };
  const percentile = probability('percentile', fields[at.percentile]);
  if (typeof percentile === 'string') return { kind: 'reject', where, reason: percentile };
  return {
    kind: 'vulnerability',
    where,
    cveId,
    epss: date === undefined ? { score, percentile } : { score, percentile, date },
  };
}

/** FIRST EPSS scores (CSV, usually gzip): one EPSS column group per CVE. */
export const epssFormat: FormatAdapter = {
  name: 'epss',
  description: 'FIRST EPSS scores (CSV, .csv.gz)',
  defaults: {
    name: 'FIRST EPSS',
    kind: 'feed',
    url: 'https://epss.empiricalsecurity.com/epss_scores-current.csv.gz',
    reliability: 'A',
    tlp: 'clear',
    confidence: 100,
  },
  detect: ({ head }) => findCsvHeader(head, COLUMNS)?.commented === false,
  async *parse(input, ctx): AsyncGenerator<Draft> {
    const header = findCsvHeader(ctx.head, COLUMNS);
    if (header?.commented !== false)
      throw new InputRefused('not an EPSS file: the header "cve,epss,percentile" is missing');
    const at = columnIndexes(header, COLUMNS);
    // The score date is the file's own: its score_date line, else the date in its name (FIRST's
    // archives). A file with neither has no date; the import day would be an invented one.
    const date = scoreDate(ctx.head) ?? fileNameDate(ctx.fileName);
    const headerRequired = 'not an EPSS file: the first record is not the header "cve,epss,percentile"';
    for await (const batch of csvBody(input, header, { headerRequired })) {
      for (const item of batch) {
        if ('kind' in item) {
          yield item;
          continue;
        }
        yield epssDraft(item.line, item.fields, at, date);
      }
    }
  },
};
