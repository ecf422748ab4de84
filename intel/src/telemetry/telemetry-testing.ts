import { createReadStream } from 'node:fs';
import { Readable } from 'node:stream';
import { createGunzip } from 'node:zlib';
import { sharedFile } from '../testing/shared-data.js';
import type {
  TelemetryContext,
  TelemetryEvent,
  TelemetryFormat,
  TelemetryItem,
  TelemetryReject,
} from './telemetry-event.js';

/** For the telemetry tests only: items of inline text and of the fixture files, and tallies. */

export const FIXTURES = 'network-telemetry';
/** Text a browser or a database would execute if a layer got it wrong. */
export const HOSTILE_AGENT = '<script>alert(1)</script>';
export const HOSTILE_SQL = "' OR 1=1; drop table users;--";

export interface Parsed {
  items: TelemetryItem[];
  events: TelemetryEvent[];
  rejects: TelemetryReject[];
  batchSizes: number[];
}

async function collect(batches: AsyncIterable<TelemetryItem[]>): Promise<Parsed> {
  const parsed: Parsed = { items: [], events: [], rejects: [], batchSizes: [] };
  for await (const batch of batches) {
    parsed.batchSizes.push(batch.length);
    for (const item of batch) {
      parsed.items.push(item);
      if (item.kind === 'event') parsed.events.push(item);
      else parsed.rejects.push(item);
    }
  }
  return parsed;
}

/** Items of inline text; `chunk` feeds it that many bytes at a time, to cross chunk boundaries. */
export function itemsOfText(
  format: TelemetryFormat,
  text: string,
  options: { chunk?: number } & Partial<TelemetryContext> = {},
): Promise<Parsed> {
  const { chunk = 0, ...ctx } = options;
  const bytes = Buffer.from(text);
  const pieces =
    chunk > 0
      ? Array.from({ length: Math.ceil(bytes.length / chunk) }, (_, i) =>
          bytes.subarray(i * chunk, (i + 1) * chunk),
        )
      : [bytes];
  return collect(
    format.parse(Readable.from(pieces), { fileName: 'inline.log', head: text.slice(0, 65536), ...ctx }),
  );
}

/** A fixture, decompressed with node:zlib when it is gzip, streamed. */
export function openFixture(name: string): Readable {
  const raw = createReadStream(sharedFile(FIXTURES, name));
  return name.endsWith('.gz') ? raw.pipe(createGunzip()) : raw;
}

/** The first 64 KiB of a fixture, decompressed, as detection sees it. */
export async function headOf(name: string): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  const stream = openFixture(name);
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    chunks.push(chunk);
    size += chunk.length;
    if (size >= 65536) break;
  }
  stream.destroy();
  return Buffer.concat(chunks).subarray(0, 65536).toString('utf8');
}

export async function itemsOfFixture(
  format: TelemetryFormat,
  name: string,
  ctx: Partial<TelemetryContext> = {},
): Promise<Parsed> {
  const head = await headOf(name);
  return collect(format.parse(openFixture(name), { fileName: name, head, ...ctx }));
}

export function countBy<T>(items: T[], key: (item: T) => string): Record<string, number> {
  const counts: Record<string, number> = {};
  for (const item of items) counts[key(item)] = (counts[key(item)] ?? 0) + 1;
  return counts;
}

/** `type role value` lines, sorted: easy to read in a failing assertion. */
export const observableList = (event: TelemetryEvent | undefined): string[] =>
  (event?.observables ?? []).map((o) => `${o.type} ${o.role} ${o.value}`).sort();
