import { createHash } from 'node:crypto';
import { createWriteStream, type WriteStream } from 'node:fs';
import { mkdir, rename, rm, writeFile } from 'node:fs/promises';
import { once } from 'node:events';
import path from 'node:path';
import type { ClientBase } from 'pg';
import { v5 as uuidv5 } from 'uuid';
import { INDICATOR_TYPES, TLP_LEVELS, type IndicatorType, type Tlp } from '../../model/drafts.js';
import { MISP_TYPE } from '../misp-event.js';
import { controlRows, countByType, type ControlFilter, type ControlRow } from './control-rows.js';
import { emptySummary, summaryLines, tally, type ExportSummary } from './shared.js';

/**
 * A MISP feed folder (MISP's own feed format, as MISP's feed fetcher, PyMISP's
 * `pymisp/tools/feed.py` and our connector in connectors/misp-feed.ts read it): `manifest.json` maps
 * each event's UUID to its Orgc, Tag, info, date, analysis, threat_level_id and timestamp;
 * `<uuid>.json` holds the event (`{"Event": …}`); `hashes.csv` lists `md5(value),event uuid` for each
 * attribute, which MISP uses to correlate without downloading the events. README.txt says what the
 * feed holds and what it left out, like the other formats' headers.
 *
 * One event per source: a subscriber can take one source and leave another, and the event UUID is a
 * UUIDv5 of the source's id, so each export replaces the same events. Values no source reported are
 * one more event. A value several sources reported is in each of their events (and counted in each in
 * README.txt). The event's timestamp is the export time, so a subscriber fetches every event again
 * after an export (values leave as they decay, which no indicator's own timestamp shows).
 */
const NAMESPACE = '6d0c5e0a-3f7b-4c39-9b39-2f8f7c1f0a11';
export const FEED_ORG = { name: 'CTI platform', uuid: '6d0c5e0a-3f7b-4c39-9b39-2f8f7c1f0a12' };

export interface MispFeedOptions {
  folder: string;
  filter: Omit<ControlFilter, 'sourceIds'>;
  /** The sources to export (id and name); with `withoutSource`, values no source reported too. */
  sources: { id: string; name: string }[];
  withoutSource: boolean;
  selection: ExportSummary['selection'];
  now?: Date;
}

const unix = (date: Date) => String(Math.floor(date.getTime() / 1000));

async function put(stream: WriteStream, text: string): Promise<void> {
  if (!stream.write(text)) await once(stream, 'drain');
}

export const feedEventUuid = (group: string): string => uuidv5(`misp-feed|${group}`, NAMESPACE);

function attribute(row: ControlRow, eventUuid: string): Record<string, unknown> {
  const misp = MISP_TYPE[row.type];
  return {
    // Unique per event: MISP refuses an attribute UUID already used in another event.
    uuid: uuidv5(row.stixId, eventUuid),
    type: misp.type,
    category: misp.category,
    value: row.value,
    to_ids: true,
    comment: [misp.comment, row.description].filter(Boolean).join(': ').slice(0, 2000),
    timestamp: unix(row.modified),
    ...(row.validFrom ? { first_seen: row.validFrom.toISOString() } : {}),
    Tag: [`tlp:${row.tlp}`, ...row.labels].map((name) => ({ name })),
  };
}

interface Group {
  key: string;
  name: string;
  sourceIds: string[];
}

export async function writeMispFeed(db: ClientBase, options: MispFeedOptions): Promise<ExportSummary> {
  const now = options.now ?? new Date();
  const summary = emptySummary('misp-feed', now, options.selection);
  const types = (Object.keys(MISP_TYPE) as IndicatorType[]).filter(
    (t) => options.selection.types === null || options.selection.types.includes(t),
  );
  await mkdir(options.folder, { recursive: true });
  const partial = (name: string) => path.join(options.folder, `.${name}.${process.pid}.partial`);
  const groups: Group[] = [
    ...options.sources.map((s) => ({ key: s.id, name: s.name, sourceIds: [s.id] })),
    ...(options.withoutSource ? [{ key: 'no-source', name: 'values without a source', sourceIds: [] }] : []),
  ];
  const manifest: Record<string, unknown> = {};
  const readme: string[] = [];
  const hashes = createWriteStream(partial('hashes.csv'));
  try {
    for (const group of groups) {
      const uuid = feedEventUuid(group.key);
      const file = partial(`${uuid}.json`);
      const out = createWriteStream(file);
      const info = `CTI platform for security controls: ${group.name}`;
      const head = {
        uuid,
        info,
        date: now.toISOString().slice(0, 10),
        timestamp: unix(now),
        publish_timestamp: unix(now),
        threat_level_id: '4',
        analysis: '2',
        distribution: '0',
        published: true,
        Orgc: FEED_ORG,
      };
      await put(out, `{"Event":${JSON.stringify(head).slice(0, -1)},"Attribute":[`);
      let count = 0;
      let highest = 0;
      for (const type of types)
        for await (const page of controlRows(db, type, { ...options.filter, sourceIds: group.sourceIds })) {
          let chunk = '';
          for (const row of page) {
            tally(summary, row);
            if (row.verdict) continue;
            const a = attribute(row, uuid);
            chunk += `${count === 0 ? '\n' : ',\n'}${JSON.stringify(a)}`;
            await put(hashes, `${createHash('md5').update(row.value).digest('hex')},${uuid}\n`);
            highest = Math.max(highest, TLP_LEVELS.indexOf(row.tlp));
            count += 1;
          }
          if (chunk) await put(out, chunk);
        }
      const tags = count ? [{ name: `tlp:${TLP_LEVELS[highest] as Tlp}` }] : [];
      await put(out, `\n],"Tag":${JSON.stringify(tags)}}}\n`);
      out.end();
      await once(out, 'close');
      const final = path.join(options.folder, `${uuid}.json`);
      if (count === 0) {
        await rm(file, { force: true });
        await rm(final, { force: true });
        continue;
      }
      await rename(file, final);
      const { uuid: _u, publish_timestamp: _p, published: _d, distribution: _x, ...entry } = head;
      manifest[uuid] = { ...entry, Tag: tags };
      readme.push(`${uuid}.json  ${group.name}: ${count} values`);
    }
    hashes.end();
    await once(hashes, 'close');
    await rename(partial('hashes.csv'), path.join(options.folder, 'hashes.csv'));
    const wanted = options.selection.types ?? INDICATOR_TYPES;
    summary.notCarried = await countByType(
      db,
      wanted.filter((t) => !types.includes(t) && !(t in MISP_TYPE)),
      null,
    );
    await writeFile(
      path.join(options.folder, 'README.txt'),
      [
        ...summaryLines(summary),
        'one event per source (a value several sources reported is in each of their events and counted in each):',
        ...readme,
        '',
      ].join('\n'),
    );
    // The manifest last and whole: a subscriber polling it sees only events already in place.
    await writeFile(partial('manifest.json'), `${JSON.stringify(manifest, null, 1)}\n`);
    await rename(partial('manifest.json'), path.join(options.folder, 'manifest.json'));
    return summary;
  } finally {
    hashes.destroy();
    await rm(partial('hashes.csv'), { force: true });
    await rm(partial('manifest.json'), { force: true });
  }
}
