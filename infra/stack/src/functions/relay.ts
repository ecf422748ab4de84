/**
 * Relays one request to a function process and its answer back, both bodies streamed chunk by
 * chunk with back-pressure (nothing is buffered whole: a `text/event-stream` reaches the client as
 * it is written). Failures map to what supabase-js distinguishes:
 * - the process cannot be reached → 503 + `x-relay-error: true` (FunctionsRelayError);
 * - it died or hung up before answering (a worker crash) → 502, a FunctionsHttpError;
 * - no answer within the wall-clock limit → 504; a response still streaming then is cut off;
 * - a request body over the cap → 413, and the function never sees the rest.
 */
import http, { type IncomingMessage, type ServerResponse } from 'node:http';
import { pipeline } from 'node:stream';
import { clientAddress } from '../kernel/client-address.js';
import { sendJson } from '../kernel/http.js';
import type { Logger } from '../kernel/logger.js';
import { copyResponseHeaders, forwardRequestHeaders } from './relay-headers.js';

export interface RelayTarget {
  name: string;
  socketPath: string;
  /** Path and query the function sees: `/<name>/<rest>?<query>`, as the CLI's runtime passes it. */
  path: string;
  timeoutMs: number;
  maxBodyBytes: number;
  /** [stack] web_trusted_proxies: whose X-Forwarded-For names the client the function is told of. */
  trustedProxies: readonly string[];
  log: Logger;
}

export const RELAY_ERROR_HEADER = { 'x-relay-error': 'true' };

export function sendRelayError(res: ServerResponse, message: string): void {
  sendJson(res, 503, { msg: message }, RELAY_ERROR_HEADER);
}

function tooLargeBody(limit: number) {
  return { msg: `Request body too large: the limit is ${limit} bytes` };
}

export function relayToFunction(
  req: IncomingMessage,
  res: ServerResponse,
  target: RelayTarget,
): Promise<void> {
  return new Promise((resolve) => {
    res.once('close', () => resolve());
    const declared = Number(req.headers['content-length'] ?? 0);
    if (declared > target.maxBodyBytes) {
      req.resume();
      sendJson(res, 413, tooLargeBody(target.maxBodyBytes));
      return;
    }

    /** Set once the outcome is decided (error, timeout, cap); later events change nothing. */
    let settled = false;
    let responseStarted = false;
    const upstream = http.request({
      socketPath: target.socketPath,
      method: req.method,
      path: target.path,
      headers: {
        ...forwardRequestHeaders(req.headers, {
          ip: clientAddress(req, target.trustedProxies),
          host: req.headers.host,
        }),
        // One connection per request, closed by us once the answer is relayed. Not `close`: with
        // that, Deno shuts down the reading side of the unix socket after the request, and Node's
        // final (empty) write of the request then fails with EPIPE before the answer is read.
        connection: 'keep-alive',
      },
      agent: false,
    });

    const settle = () => {
      settled = true;
      clearTimeout(timer);
      req.resume(); // discard whatever the client still sends
    };

    const timer = setTimeout(() => {
      if (settled) return;
      settle();
      upstream.destroy();
      target.log('warn', 'edge function timed out', { function: target.name, ms: target.timeoutMs });
      if (res.headersSent) res.destroy();
      else
        sendJson(res, 504, {
          msg: `Function did not finish within ${Math.round(target.timeoutMs / 1000)} s`,
        });
    }, target.timeoutMs);

    upstream.on('response', (answer) => {
      if (settled) {
        answer.destroy();
        return;
      }
      responseStarted = true;
      copyResponseHeaders(answer.headers, res);
      res.writeHead(answer.statusCode ?? 502, answer.statusMessage);
      res.flushHeaders();
      pipeline(answer, res, () => {
        upstream.destroy();
        if (!settled) settle();
      });
    });

    upstream.on('error', (error: NodeJS.ErrnoException) => {
      if (settled) return;
      if (responseStarted) {
        // The function answered before reading the whole body; the rest is not needed.
        req.resume();
        return;
      }
      settle();
      const unreachable = error.code === 'ECONNREFUSED' || error.code === 'ENOENT';
      target.log('warn', 'edge function relay failed', {
        function: target.name,
        error: error.code ?? error.message,
      });
      if (res.headersSent) res.destroy();
      else if (unreachable) sendRelayError(res, 'Function is not running');
      else sendJson(res, 502, { msg: 'Function exited or closed the connection before answering' });
    });

    // The client went away: stop the function's work on this request.
    res.once('close', () => {
      if (!res.writableFinished) {
        settled = true;
        clearTimeout(timer);
        upstream.destroy();
      }
    });

    let received = 0;
    req.on('data', (chunk: Buffer) => {
      if (settled) return;
      received += chunk.length;
      if (received > target.maxBodyBytes) {
        settle();
        upstream.destroy();
        if (res.headersSent) res.destroy();
        else sendJson(res, 413, tooLargeBody(target.maxBodyBytes));
        return;
      }
      if (!upstream.write(chunk)) req.pause();
    });
    upstream.on('drain', () => {
      if (!settled) req.resume();
    });
    req.once('end', () => {
      if (!settled) upstream.end();
    });
  });
}
