import path from 'node:path';
import { Readable } from 'node:stream';
import type { Draft } from '../../model/drafts.js';
import { openInput } from '../../input/open-input.js';
import { sharedFile } from '../../testing/shared-data.js';
import { InputRefused, type FormatAdapter, type FormatName, type Sample } from '../format.js';

/** For the adapters' tests only: drafts of inline text and of the real files, samples, tallies. */

/** Text a spreadsheet, a browser or a database would execute if a layer got it wrong. */
export const HOSTILE = {
  html: '<script>alert(1)</script>',
  sql: "'; drop table x;--",
  formula: '=HYPERLINK("http://x")',
} as const;

/** Drafts of inline text; `chunk` feeds it that many bytes at a time, to cross chunk boundaries. */
export async function draftsOfText(adapter: FormatAdapter, text: string, chunk = 0): Promise<Draft[]> {
  const bytes = Buffer.from(text);
  const pieces =
    chunk > 0
      ? Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
          bytes.subarray(i * chunk, (i + 1) * chunk),
        )
      : [bytes];
  const drafts: Draft[] = [];
  for await (const draft of adapter.parse(Readable.from(pieces), {
    fileName: 'inline',
    head: text.slice(0, 65536),
  }))
    drafts.push(draft);
  return drafts;
}

/** Drafts of a file of /work/shared/data, opened as the pipeline opens it. */
export async function draftsOfFile(adapter: FormatAdapter, relative: string): Promise<Draft[]> {
  const input = await openInput(sharedFile(relative));
  const drafts: Draft[] = [];
  for await (const draft of adapter.parse(input.stream, {
    fileName: path.basename(relative),
    head: input.sample.head,
  }))
    drafts.push(draft);
  return drafts;
}

/** The InputRefused that parsing `text` ends with (fails the test if it ends otherwise). */
export async function refusalOf(adapter: FormatAdapter, text: string): Promise<InputRefused> {
  try {
    await draftsOfText(adapter, text);
  } catch (error) {
    if (error instanceof InputRefused) return error;
    throw error;
  }
  throw new Error('the input was not refused');
}

/** Counts by kind, and by kind:type for indicators. */
export function tally(drafts: Draft[]): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  for (const draft of drafts) {
    add(draft.kind);
    if (draft.kind === 'indicator') add(`indicator:${draft.type}`);
  }
  return counts;
}

/** One real file of each kind we read (and one we do not), with the format it is. */
export const SAMPLE_FILES: [FormatName | 'none', string][] = [
  ['kev', 'cisa-kev/known_exploited_vulnerabilities.json'],
  ['none', 'cisa-kev/known_exploited_vulnerabilities_schema.json'],
  ['epss', 'epss/epss_scores-full-2026-08-16-via-emba.csv.gz'],
  ['epss', 'epss/epss_scores-kev-subset-2026-08-08.csv'],
  ['cve', 'cve-records/CVE-2021-44228.json'],
  ['cve', 'vulnrichment/CVE-2009-2055.json'],
  ['none', 'cve-records/index.csv'],
  ['threatfox', 'abusech/threatfox-recent-2026-07-24.json'],
  ['feodo', 'abusech/feodotracker-ipblocklist-2026-07-24.json'],
  ['feodo', 'abusech/feodotracker-ipblocklist-2024-04-04.csv'],
  ['urlhaus', 'abusech/urlhaus-online-sample-2026-08-18.csv'],
  ['attack', 'mitre-attack/ics-attack-18.1.stix21.json'],
  ['stix', 'stix2-examples/threat-reports/apt1.json'],
  ['misp', 'eset-misp-events/cloudmensis_cloudmensis.misp.json'],
  ['misp-galaxy', 'misp-galaxy/cluster-ransomware.json'],
  ['none', 'taxii-sample/medallion-default_data.json'],
  ['none', 'network-telemetry/zeek-tsv-ctu-sme-11-conn.log.labeled'],
  ['phishing-list', 'phishing/maltrail-evilginx-trails.txt'],
  ['phishing-list', 'phishing/polkadot-js-phishing-all.json.gz'],
  ['phishing-list', 'phishing/polkadot-js-phishing-meta-2026-02.json'],
];

const samples = new Map<string, Promise<Sample>>();

/** The sample (first 64 KiB, decompressed) of a file of /work/shared/data. */
export function sampleOf(relative: string): Promise<Sample> {
  let sample = samples.get(relative);
  if (!sample) {
    sample = openInput(sharedFile(relative)).then(({ sample: s, stream }) => {
      stream.destroy();
      return s;
    });
    samples.set(relative, sample);
  }
  return sample;
}
