/**
 * Parse throughput, for the telemetry import budget (≥ 20,000 events/s end to end with the
 * database, so parsing alone should stay far above 100,000/s). Not a test: timings on a shared
 * machine would make a flaky one.
 *
 *   npx tsx intel/src/telemetry/measure-parse.ts [repeats=20] [file=the Slips EVE fixture]
 *
 * The file is decompressed once and fed from memory `repeats` times in 256 KiB chunks, as
 * openInput reads, so the figure is the parser's (line splitting, JSON, observables), not zlib's.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { Readable } from 'node:stream';
import { gunzipSync } from 'node:zlib';
import { sharedFile } from '../testing/shared-data.js';
import { TELEMETRY_FORMATS } from './index.js';

const repeats = Number(process.argv[2] ?? 20);
const file = process.argv[3] ?? sharedFile('network-telemetry/suricata-eve-slips-test6-malicious.json.gz');
const raw = readFileSync(file);
const bytes = raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw;
const head = bytes.subarray(0, 65536).toString('utf8');
const fileName = path.basename(file);
const format = TELEMETRY_FORMATS.find((f) => f.detect({ fileName, head }));
if (!format) throw new Error(`${fileName} is not a telemetry format we read`);

function* chunks(): Generator<Buffer> {
  const size = 256 * 1024;
  for (let r = 0; r < repeats; r++)
    for (let at = 0; at < bytes.length; at += size) yield bytes.subarray(at, at + size);
}

async function measure(): Promise<void> {
  let events = 0;
  let rejects = 0;
  let observables = 0;
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  for await (const batch of format!.parse(Readable.from(chunks()), {
    fileName,
    head,
    baseTime: '2024-01-01T00:00:00Z',
  }))
    for (const item of batch)
      if (item.kind === 'event') {
        events++;
        observables += item.observables.length;
      } else rejects++;
  const seconds = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  // CPU time as well: on a shared machine the wall clock also counts other people's work.
  const cpuSeconds = (used.user + used.system) / 1e6;
  const mb = (bytes.length * repeats) / 1e6;
  const rate = (n: number) => Math.round(n).toLocaleString('en');
  console.log(
    `${format!.name} ${fileName} ×${repeats}: ${events} events (${rejects} rejects, ` +
      `${observables} observables) in ${seconds.toFixed(2)} s = ${rate(events / seconds)} events/s, ` +
      `${(mb / seconds).toFixed(1)} MB/s; ${rate(events / cpuSeconds)} events per CPU second`,
  );
}

await measure();
