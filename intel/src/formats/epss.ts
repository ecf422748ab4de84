import type { Draft } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { csvRows, firstDataLine, leadingComments } from './lib/csv.js';

const HEADER = /^cve,epss,percentile\s*$/i;

/** The score date from FIRST's `#model_version:…,score_date:2026-08-15T00:00:00+0000` line. */
function scoreDate(head: string, today: string): string {
  for (const comment of leadingComments(head)) {
    const match = /score_date:(\d{4}-\d{2}-\d{2})/.exec(comment);
    if (match) return match[1]!;
  }
  return today;
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
  detect: ({ head }) => HEADER.test(firstDataLine(head)),
  async *parse(input, ctx): AsyncGenerator<Draft> {
    const date = scoreDate(ctx.head, ctx.today);
    for await (const row of csvRows(input)) {
      const where = `line ${row.line}`;
      if ('error' in row) {
        yield { kind: 'reject', where, reason: row.error };
        continue;
      }
      const [cveId, epss, percentile] = row.fields;
      if (cveId === 'cve') continue;
      const score = Number(epss);
      const pct = Number(percentile);
      if (!cveId || epss === undefined || percentile === undefined || epss === '' || percentile === '' || Number.isNaN(score) || Number.isNaN(pct)) {
        yield { kind: 'reject', where, reason: 'expected cve,epss,percentile with numeric scores' };
        continue;
      }
      yield { kind: 'vulnerability', where, cveId, epss: { score, percentile: pct, date } };
    }
  },
};
