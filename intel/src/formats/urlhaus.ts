import type { Draft } from '../model/drafts.js';
import { InputRefused, type FormatAdapter } from './format.js';
import { csvBody } from './lib/csv-body.js';
import { columnIndexes, findCsvHeader } from './lib/csv-header.js';
import { abusech, defined, list } from './lib/fields.js';

const COLUMNS = [
  'id',
  'dateadded',
  'url',
  'url_status',
  'last_online',
  'threat',
  'tags',
  'urlhaus_link',
  'reporter',
] as const;
/** The dumps write the names as a comment (`# id,dateadded,url,…`); copies sometimes as a record. */
const csvHeader = (head: string) => findCsvHeader(head, ['id', 'dateadded', 'url', 'url_status']);

/** abuse.ch URLhaus database dump (CSV): malware distribution URLs. */
export const urlhausFormat: FormatAdapter = {
  name: 'urlhaus',
  description: 'abuse.ch URLhaus URLs (CSV dump)',
  defaults: {
    name: 'abuse.ch URLhaus',
    kind: 'feed',
    url: 'https://urlhaus.abuse.ch/downloads/csv_online/',
    reliability: 'B',
    tlp: 'clear',
    confidence: 80,
  },
  detect: ({ head }) => csvHeader(head) !== undefined,
  async *parse(input, ctx): AsyncGenerator<Draft> {
    const header = csvHeader(ctx.head);
    if (!header)
      throw new InputRefused('not a URLhaus dump: the header "id,dateadded,url,url_status,…" is missing');
    const at = columnIndexes(header, COLUMNS);
    for await (const batch of csvBody(input, header)) {
      for (const item of batch) {
        if ('kind' in item) {
          yield item;
          continue;
        }
        const where = `line ${item.line}`;
        const f = item.fields;
        const url = abusech(f[at.url]);
        if (!url) {
          yield { kind: 'reject', where, reason: 'url is missing' };
          continue;
        }
        yield {
          kind: 'indicator',
          where,
          type: 'url',
          value: url,
          sourceRef: abusech(f[at.id]),
          reference: abusech(f[at.urlhaus_link]),
          firstSeen: abusech(f[at.dateadded]),
          lastSeen: abusech(f[at.last_online]),
          labels: list(f[at.tags]),
          context: defined({
            url_status: abusech(f[at.url_status]),
            threat: abusech(f[at.threat]),
            reporter: abusech(f[at.reporter]),
          }),
        };
      }
    }
  },
};
