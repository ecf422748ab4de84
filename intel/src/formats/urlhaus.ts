import type { Draft } from '../model/drafts.js';
import type { FormatAdapter } from './format.js';
import { csvRows, leadingComments } from './lib/csv.js';

const none = (value: string | undefined) => (value === undefined || value === '' || value === 'None' ? undefined : value);

/** abuse.ch URLhaus database dump (CSV): malware distribution URLs. */
export const urlhausFormat: FormatAdapter = {
  name: 'urlhaus',
  description: 'abuse.ch URLhaus URLs (CSV dump)',
  defaults: { name: 'abuse.ch URLhaus', kind: 'feed', url: 'https://urlhaus.abuse.ch/downloads/csv_online/', reliability: 'B', tlp: 'clear', confidence: 80 },
  detect: ({ head }) => leadingComments(head).some((c) => c.includes('URLhaus')),
  async *parse(input): AsyncGenerator<Draft> {
    for await (const row of csvRows(input)) {
      const where = `line ${row.line}`;
      if ('error' in row) {
        yield { kind: 'reject', where, reason: row.error };
        continue;
      }
      const [id, dateAdded, url, status, lastOnline, threat, tags, link, reporter] = row.fields;
      if (id === 'id') continue;
      if (!none(url)) {
        yield { kind: 'reject', where, reason: 'the url field is missing' };
        continue;
      }
      yield {
        kind: 'indicator',
        where,
        type: 'url',
        value: url!,
        sourceRef: none(id),
        reference: none(link),
        firstSeen: none(dateAdded),
        lastSeen: none(lastOnline) ?? none(dateAdded),
        labels: none(tags)?.split(',').map((t) => t.trim()).filter(Boolean) ?? [],
        context: Object.fromEntries(Object.entries({ url_status: none(status), threat: none(threat), reporter: none(reporter) }).filter(([, v]) => v !== undefined)),
      };
    }
  },
};
