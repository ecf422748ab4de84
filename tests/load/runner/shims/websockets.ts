/**
 * `k6/websockets`: the browser-like WebSocket k6 runs on its event loop, over the `ws` package,
 * with k6's ws_* metrics (ws_connecting, ws_sessions, ws_msgs_sent/received, ws_session_duration).
 */
import NodeWebSocket from 'ws';
import { currentVu } from '../context.js';
import { registry, type Tags } from '../registry.js';
import { localAddressFor } from '../transport.js';

type Listener = (event: { data?: unknown; type: string; error?: string }) => void;
type EventName = 'open' | 'close' | 'error' | 'message' | 'ping' | 'pong';

interface Params {
  headers?: Record<string, string>;
  tags?: Tags;
}

export class WebSocket {
  private readonly socket: NodeWebSocket;
  private readonly listeners = new Map<EventName, Listener[]>();
  private readonly tags: Tags;
  private openedAt = 0;
  onopen: (() => void) | null = null;
  onmessage: Listener | null = null;
  onclose: (() => void) | null = null;
  onerror: Listener | null = null;
  onping: (() => void) | null = null;
  onpong: (() => void) | null = null;
  binaryType: 'blob' | 'arraybuffer' = 'arraybuffer';

  constructor(
    readonly url: string,
    protocols?: string | string[] | null,
    params?: Params | null,
  ) {
    const ctx = currentVu();
    this.tags = { url, group: ctx.group, scenario: ctx.scenario, ...params?.tags };
    const started = performance.now();
    this.socket = new NodeWebSocket(url, protocols ?? undefined, {
      headers: params?.headers,
      localAddress: localAddressFor(ctx.vu),
    });
    this.socket.on('open', () => {
      this.openedAt = performance.now();
      registry.add('ws_connecting', this.openedAt - started, this.tags);
      registry.add('ws_sessions', 1, this.tags);
      this.emit('open', { type: 'open' });
    });
    this.socket.on('message', (data, isBinary) => {
      registry.add('ws_msgs_received', 1, this.tags);
      const payload = isBinary ? toArrayBuffer(data) : data.toString();
      this.emit('message', { type: 'message', data: payload });
    });
    this.socket.on('ping', () => this.emit('ping', { type: 'ping' }));
    this.socket.on('pong', () => this.emit('pong', { type: 'pong' }));
    this.socket.on('error', (error) => this.emit('error', { type: 'error', error: error.message }));
    this.socket.on('close', () => {
      if (this.openedAt) registry.add('ws_session_duration', performance.now() - this.openedAt, this.tags);
      this.emit('close', { type: 'close' });
    });
    // A hard-stopped VU leaves no socket behind.
    ctx.stopped.addEventListener('abort', () => this.socket.terminate(), { once: true });
  }

  get readyState(): number {
    return this.socket.readyState;
  }

  get bufferedAmount(): number {
    return this.socket.bufferedAmount;
  }

  send(data: string | ArrayBuffer): void {
    this.socket.send(typeof data === 'string' ? data : Buffer.from(data));
    registry.add('ws_msgs_sent', 1, this.tags);
  }

  ping(): void {
    this.socket.ping();
  }

  close(code?: number, reason?: string): void {
    this.socket.close(code, reason);
  }

  addEventListener(event: EventName, listener: Listener): void {
    this.listeners.set(event, [...(this.listeners.get(event) ?? []), listener]);
  }

  private emit(event: EventName, payload: { type: string; data?: unknown; error?: string }): void {
    const handler = this[`on${event}`] as Listener | null;
    handler?.call(this, payload);
    for (const listener of this.listeners.get(event) ?? []) listener.call(this, payload);
  }
}

function toArrayBuffer(data: NodeWebSocket.RawData): ArrayBuffer {
  const buffer = Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data as ArrayBuffer);
  return buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer;
}

export default { WebSocket };
