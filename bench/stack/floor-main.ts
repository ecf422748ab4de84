/**
 * Process entry of the floor server: configuration as JSON in BENCH_FLOOR_CONFIG, the port it
 * listens on printed as one JSON line on stdout, clean exit on SIGTERM.
 */
import { createFloorServer, type FloorConfig } from './floor-server.js';

const raw = process.env.BENCH_FLOOR_CONFIG;
if (!raw) {
  process.stderr.write('floor server: BENCH_FLOOR_CONFIG is not set\n');
  process.exit(2);
}
const { server, pool } = createFloorServer(JSON.parse(raw) as FloorConfig);
server.listen(0, '127.0.0.1', () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(`${JSON.stringify({ port })}\n`);
});

function stop(): void {
  server.close();
  server.closeAllConnections();
  void pool.end().finally(() => process.exit(0));
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
