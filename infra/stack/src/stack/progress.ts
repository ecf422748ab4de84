/** Step progress for long operations: a bar on a terminal, one line per step otherwise. */
export interface Progress {
  step(label: string): void;
  done(summary: string): void;
}

export function createProgress(total: number, stream: NodeJS.WriteStream = process.stderr): Progress {
  const started = Date.now();
  let current = 0;
  const tty = stream.isTTY === true;
  const width = 24;
  return {
    step(label) {
      current = Math.min(current + 1, total);
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      if (tty) {
        const filled = Math.round((current / total) * width);
        stream.write(
          `\r\x1b[K[${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${current}/${total} ${label} (${seconds}s)`,
        );
      } else {
        stream.write(`[${current}/${total}] ${label} (${seconds}s)\n`);
      }
    },
    done(summary) {
      const seconds = ((Date.now() - started) / 1000).toFixed(1);
      stream.write(`${tty ? '\r\x1b[K' : ''}${summary} in ${seconds}s\n`);
    },
  };
}
