/** One JSON line per event on stdout (the CLI sends it to logs/gateway.log). */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error';

export type Logger = (level: LogLevel, message: string, fields?: Record<string, unknown>) => void;

export function createLogger(minLevel: LogLevel = 'info'): Logger {
  const order: LogLevel[] = ['debug', 'info', 'warn', 'error'];
  const min = order.indexOf(minLevel);
  return (level, message, fields) => {
    if (order.indexOf(level) < min) return;
    process.stdout.write(
      JSON.stringify({ time: new Date().toISOString(), level, message, ...fields }) + '\n',
    );
  };
}
