import cliProgress from 'cli-progress';
import type { ImportProgress } from '../pipeline/run-import.js';

/**
 * A progress bar on a terminal (records/s, bytes, ETA from bytes read); nothing when stderr is
 * not a terminal, so logs and `--json` consumers stay clean.
 */
export function progressBar(label: string): { update: (p: ImportProgress) => void; stop: () => void } {
  if (!process.stderr.isTTY) return { update: () => undefined, stop: () => undefined };
  const started = Date.now();
  const bar = new cliProgress.SingleBar(
    {
      stream: process.stderr,
      format: `${label} [{bar}] {percentage}% | {records} records | {rate} rec/s | {mb} | ETA {eta_formatted}`,
      hideCursor: true,
      etaBuffer: 20,
    },
    cliProgress.Presets.shades_classic,
  );
  bar.start(1, 0, { records: 0, rate: 0, mb: '' });
  return {
    update: (p) => {
      const seconds = Math.max((Date.now() - started) / 1000, 0.001);
      bar.setTotal(Math.max(p.bytesTotal, 1));
      bar.update(Math.min(p.bytesRead, p.bytesTotal), {
        records: p.records.toLocaleString('en'),
        rate: Math.round(p.records / seconds).toLocaleString('en'),
        mb: `${(p.bytesRead / 1e6).toFixed(1)}/${(p.bytesTotal / 1e6).toFixed(1)} MB`,
      });
    },
    stop: () => {
      bar.update(bar.getTotal());
      bar.stop();
    },
  };
}
