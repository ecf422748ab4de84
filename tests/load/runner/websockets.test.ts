/** `k6/websockets` against a local `ws` server: events, send, close and the ws_* metrics. */
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { WebSocketServer } from 'ws';
import { vuStorage } from './context.js';
import { registry, resetRegistry } from './registry.js';
import { WebSocket } from './shims/websockets.js';

let server: WebSocketServer;
let url = '';

beforeAll(async () => {
  server = new WebSocketServer({ port: 0, host: '127.0.0.1' });
  server.on('connection', (socket) => socket.on('message', (data) => socket.send(`echo:${data.toString()}`)));
  await new Promise<void>((resolve) => server.on('listening', resolve));
  url = `ws://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(() => server.close());
beforeEach(() => {
  resetRegistry();
});

describe('WebSocket', () => {
  it('opens, sends, receives through onmessage and addEventListener, and closes', async () => {
    const received: unknown[] = [];
    let listened = 0;
    await vuStorage.run(
      { vu: 1, iteration: 0, scenario: 'ws', group: '', stopped: new AbortController().signal },
      () =>
        new Promise<void>((resolve) => {
          const ws = new WebSocket(url);
          ws.onopen = () => ws.send('hello');
          ws.addEventListener('message', () => (listened += 1));
          ws.onmessage = (event) => {
            received.push(event.data);
            ws.close();
          };
          ws.onclose = () => resolve();
        }),
    );
    expect(received).toEqual(['echo:hello']);
    expect(listened).toBe(1);
    const count = (name: string) => registry.metrics.get(name)!.sink.count;
    expect(count('ws_sessions')).toBe(1);
    expect(count('ws_connecting')).toBe(1);
    expect(count('ws_msgs_sent')).toBe(1);
    expect(count('ws_msgs_received')).toBe(1);
    expect(count('ws_session_duration')).toBe(1);
  });

  it('reports a refused connection through onerror and onclose', async () => {
    const events: string[] = [];
    await new Promise<void>((resolve) => {
      const ws = new WebSocket('ws://127.0.0.1:1');
      ws.onerror = () => events.push('error');
      ws.onclose = () => {
        events.push('close');
        resolve();
      };
    });
    expect(events).toEqual(['error', 'close']);
    expect(registry.metrics.get('ws_sessions')!.sink.count).toBe(0);
  });
});
