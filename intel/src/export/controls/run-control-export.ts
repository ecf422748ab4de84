import { createReadStream, createWriteStream, type WriteStream } from 'node:fs';
import { rename, rm } from 'node:fs/promises';
import { once } from 'node:events';
import os from 'node:os';
import path from 'node:path';
import type { Writable } from 'node:stream';
import type { ClientBase } from 'pg';
import { INDICATOR_TYPES } from '../../model/drafts.js';
import { controlRows, countByType, type ControlFilter } from './control-rows.js';
import {
  ControlRenderer,
  type PageOutput,
  type ControlWriter,
  emptySummary,
  summaryLines,
  type ExportSummary,
} from './shared.js';

export interface ControlExportOptions {
  format: string;
  writer: ControlWriter;
  filter: ControlFilter;
  selection: ExportSummary['selection'];
  /** The file to write; stdout when absent. */
  out?: string;
  stdout?: Writable;
  /** Stop after this many values. */
  limit?: number;
  now?: Date;
}

async function put(stream: Writable, chunk: string | Buffer): Promise<void> {
  if (!stream.write(chunk)) await once(stream, 'drain');
}

async function close(stream: WriteStream): Promise<void> {
  stream.end();
  await once(stream, 'close');
}

/**
 * Writes one export for controls: the values of each type the writer carries, page by page into a
 * partial file beside --out (constant memory), then the header (which needs the counts) and the
 * format's preamble followed by that body into the final file, renamed into place so a sensor reading
 * --out never sees half an export. Files the writer puts beside --out are renamed the same way.
 */
export async function runControlExport(
  db: ClientBase,
  options: ControlExportOptions,
): Promise<ExportSummary> {
  const { writer, selection } = options;
  const summary = emptySummary(options.format, options.now ?? new Date(), selection);
  const dir = options.out ? path.dirname(path.resolve(options.out)) : os.tmpdir();
  const partial = (name: string) =>
    path.join(dir, `.${name}.${process.pid}-${summary.exportedAt.getTime()}.partial`);
  const bodyPath = partial(path.basename(options.out ?? 'export'));
  const body = createWriteStream(bodyPath);
  const sides = new Map<string, WriteStream>();
  const leftovers = [bodyPath];
  const emit = async (output: PageOutput) => {
    if (output.main) await put(body, output.main);
    for (const [name, text] of output.side) {
      let stream = sides.get(name);
      if (!stream) {
        leftovers.push(partial(name));
        stream = createWriteStream(partial(name));
        sides.set(name, stream);
      }
      await put(stream, text);
    }
  };
  const renderer = new ControlRenderer(writer, summary, options.limit);
  try {
    for (const type of renderer.types()) {
      for await (const page of controlRows(db, type, options.filter)) await emit(renderer.page(page));
      await emit(renderer.endType(type));
    }
    await emit(renderer.end());
    await close(body);
    for (const stream of sides.values()) await close(stream);

    const wanted = selection.types ?? INDICATOR_TYPES;
    summary.notCarried = await countByType(
      db,
      wanted.filter((t) => !writer.types.includes(t)),
      options.filter.sourceIds,
    );
    const header = `${summaryLines(summary).map(writer.comment).join('\n')}\n${writer.preamble?.(summary) ?? ''}`;
    if (options.out) {
      const finalPath = partial(`${path.basename(options.out)}.final`);
      leftovers.push(finalPath);
      const final = createWriteStream(finalPath);
      await put(final, header);
      for await (const chunk of createReadStream(bodyPath)) await put(final, chunk as Buffer);
      await close(final);
      await rename(finalPath, options.out);
      for (const name of sides.keys()) await rename(partial(name), path.join(dir, name));
    } else {
      const stdout = options.stdout ?? process.stdout;
      await put(stdout, header);
      for await (const chunk of createReadStream(bodyPath)) await put(stdout, chunk as Buffer);
    }
    return summary;
  } finally {
    body.destroy();
    for (const stream of sides.values()) stream.destroy();
    await Promise.all(leftovers.map((file) => rm(file, { force: true })));
  }
}
