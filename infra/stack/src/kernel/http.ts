/** Small HTTP helpers shared by every service of the gateway. */
import { STATUS_CODES, type IncomingMessage, type ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';
import { clientAddress } from './client-address.js';

export { clientAddress, normaliseAddress } from './client-address.js';

export class PayloadTooLargeError extends Error {
  constructor(readonly limit: number) {
    super(`Request body larger than ${limit} bytes`);
    this.name = 'PayloadTooLargeError';
  }
}

/**
 * Reads the whole body, refusing (without buffering) anything over `maxBytes`. Plain 'data'/'end'
 * listeners rather than `for await`: the async iterator costs a promise per chunk and an iterator
 * object per request, measurable on the REST hot path (an RPC POST's body is one small chunk).
 */
export function readBody(req: IncomingMessage, maxBytes: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > maxBytes) {
    req.resume();
    return Promise.reject(new PayloadTooLargeError(maxBytes));
  }
  if (req.readableEnded) return Promise.resolve(Buffer.alloc(0));
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const cleanup = (): void => {
      req.removeListener('data', onData);
      req.removeListener('end', onEnd);
      req.removeListener('error', onError);
      req.removeListener('close', onClose);
    };
    const onData = (chunk: Buffer): void => {
      size += chunk.length;
      if (size > maxBytes) {
        cleanup();
        req.resume();
        reject(new PayloadTooLargeError(maxBytes));
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = (): void => {
      cleanup();
      resolve(chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks));
    };
    const onError = (error: Error): void => {
      cleanup();
      reject(error);
    };
    // The client went away before the body ended (the iterator rejected with ERR_STREAM_PREMATURE_CLOSE).
    const onClose = (): void => {
      if (req.readableEnded) return;
      cleanup();
      reject(Object.assign(new Error('Premature close'), { code: 'ERR_STREAM_PREMATURE_CLOSE' }));
    };
    req.on('data', onData);
    req.on('end', onEnd);
    req.on('error', onError);
    req.on('close', onClose);
  });
}

export function sendJson(
  res: ServerResponse,
  status: number,
  body: unknown,
  headers: Record<string, string> = {},
): void {
  const text = JSON.stringify(body);
  res.writeHead(status, {
    'Content-Type': 'application/json; charset=utf-8',
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(text);
}

/** Sends an already-serialised body (JSON text from Postgres, CSV, ...). */
export function sendText(
  res: ServerResponse,
  status: number,
  text: string,
  contentType: string,
  headers: Record<string, string> = {},
  headOnly = false,
): void {
  res.writeHead(status, {
    'Content-Type': contentType,
    'Content-Length': Buffer.byteLength(text),
    ...headers,
  });
  res.end(headOnly ? undefined : text);
}

/**
 * Lower-cased, single-valued header map, as PostgREST exposes in `request.headers`. With the
 * trusted-proxy list, `x-forwarded-for` is replaced by the one client address the gateway derived
 * (as the edge proxy of a hosted project sets it), so SQL reading it reads no client's claim.
 */
export function headerMap(req: IncomingMessage, trustedProxies?: readonly string[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [name, value] of Object.entries(req.headers)) {
    if (value === undefined) continue;
    out[name.toLowerCase()] = Array.isArray(value) ? value.join(', ') : value;
  }
  if (trustedProxies) out['x-forwarded-for'] = clientAddress(req, trustedProxies);
  return out;
}

export function bearerToken(req: IncomingMessage): string | undefined {
  const header = req.headers.authorization;
  if (header === undefined) return undefined;
  const match = /^bearer\s*(.*)$/i.exec(header.trim());
  return match ? match[1]!.trim() : undefined;
}

/** Answers an upgrade request with a plain HTTP error and closes the socket. */
export function refuseUpgrade(socket: Duplex, status: number, body: unknown): void {
  if (socket.destroyed) return;
  const text = JSON.stringify(body);
  socket.end(
    `HTTP/1.1 ${status} ${STATUS_CODES[status] ?? 'Error'}\r\n` +
      `Content-Type: application/json\r\nContent-Length: ${Buffer.byteLength(text)}\r\nConnection: close\r\n\r\n` +
      text,
  );
}
