import path from 'node:path';
import { Readable } from 'node:stream';
import type { Draft } from '../../model/drafts.js';
import { openInput } from '../../input/open-input.js';
import type { FormatAdapter } from '../format.js';

/** Every draft an adapter yields for a file (opened as the pipeline opens it). */
export async function draftsOf(adapter: FormatAdapter, file: string): Promise<Draft[]> {
  const input = await openInput(file);
  const drafts: Draft[] = [];
  for await (const d of adapter.parse(input.stream, {
    fileName: path.basename(file),
    head: input.sample.head,
  }))
    drafts.push(d);
  return drafts;
}

/** Every draft for inline text. */
export async function draftsOfText(adapter: FormatAdapter, text: string): Promise<Draft[]> {
  const drafts: Draft[] = [];
  for await (const d of adapter.parse(Readable.from([Buffer.from(text)]), {
    fileName: 'inline',
    head: text.slice(0, 65536),
  }))
    drafts.push(d);
  return drafts;
}

/** Counts by kind, and by kind:type for indicators and STIX objects. */
export function tally(drafts: Draft[]): Record<string, number> {
  const counts: Record<string, number> = {};
  const add = (key: string) => (counts[key] = (counts[key] ?? 0) + 1);
  for (const d of drafts) {
    add(d.kind);
    if (d.kind === 'indicator') add(`indicator:${d.type}`);
    if (d.kind === 'object') add(`object:${d.stix.type}`);
  }
  return counts;
}
