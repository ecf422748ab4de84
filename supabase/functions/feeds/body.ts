// A feed's body as a stream: the header (what the feed is and its selection), the format's
// preamble, each page as it is read and rendered, and the counts (held, left out and why) as
// closing comment lines, because a stream cannot go back to the top. Pages are read only when
// the client takes what was sent (ReadableStream pull), so memory stays flat at any size.
import type { ControlRow } from '../_shared/controls/control-row.ts';
import type { ControlWriter } from '../_shared/controls/control-writer.ts';
import type { IndicatorType, Tlp } from '../_shared/controls/model.ts';
import { ControlRenderer } from '../_shared/controls/render.ts';
import { emptySummary, summaryCounts, summaryHead } from '../_shared/controls/summary.ts';
import type { FeedSnapshot } from './store.ts';

export const PAGE_SIZE = 2000;

export interface BodyOptions {
  writer: ControlWriter;
  selection: { types: IndicatorType[] | null; minScore: number; maxTlp: Tlp };
  /** Types the writer carries that a served document cannot (Suricata's list files). */
  withoutTypes?: readonly IndicatorType[];
}

async function* chunks(snapshot: FeedSnapshot, o: BodyOptions): AsyncGenerator<string> {
  const { feed } = snapshot;
  const summary = emptySummary(feed.format, feed.renderedAt, {
    types: o.selection.types,
    sources: feed.sourceNames,
    maxTlp: o.selection.maxTlp,
    minScore: o.selection.minScore,
  });
  const renderer = new ControlRenderer(o.writer, summary);
  const types = renderer.types().filter((t) => !o.withoutTypes?.includes(t));
  const comment = (line: string) => `${o.writer.comment(line)}\n`;
  yield (
    [
      ...summaryHead(summary),
      `served feed "${feed.name}"; scores and lifecycle as of ${feed.judgedAt.toISOString()} (re-judged hourly); counts at the end`,
    ]
      .map(comment)
      .join('') + (o.writer.preamble?.(summary) ?? '')
  );
  for (const type of types) {
    const page = (after: string) =>
      snapshot.page({
        type,
        sourceIds: feed.sourceIds,
        maxTlp: o.selection.maxTlp,
        minScore: o.selection.minScore,
        after,
        size: PAGE_SIZE,
        at: feed.judgedAt,
      });
    // One page ahead: the database judges the next page while this one is rendered and sent
    // (two pages in memory at most).
    let next: Promise<ControlRow[]> | null = page('');
    while (next) {
      const rows: ControlRow[] = await next;
      next = rows.length === PAGE_SIZE ? page(rows[rows.length - 1]!.value) : null;
      // Awaited on the next turn; a client gone meanwhile must not leave it unhandled.
      next?.catch(() => {});
      if (rows.length) yield renderer.page(rows).main;
    }
    yield renderer.endType(type).main;
  }
  yield renderer.end().main;
  if (o.withoutTypes?.length && o.selection.types === null)
    yield comment(
      `not served over HTTP (they need list files beside the rules): ${o.withoutTypes.join(' ')}`,
    );
  yield summaryCounts(summary).map(comment).join('');
}

/** The body stream; the snapshot is closed when it ends, fails or the client goes away. */
export function bodyStream(snapshot: FeedSnapshot, o: BodyOptions): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const source = chunks(snapshot, o);
  let done = false;
  const finish = async () => {
    if (done) return;
    done = true;
    await snapshot.close();
  };
  return new ReadableStream<Uint8Array>(
    {
      async pull(controller) {
        try {
          for (;;) {
            const next = await source.next();
            if (next.done) {
              await finish();
              controller.close();
              return;
            }
            if (next.value) {
              controller.enqueue(encoder.encode(next.value));
              return;
            }
          }
        } catch (error) {
          await finish();
          controller.error(error);
        }
      },
      async cancel() {
        await source.return(undefined);
        await finish();
      },
    },
    { highWaterMark: 1 },
  );
}
