/**
 * The catcher's HTTP side on `[local_smtp] port`: the subset of Mailpit's API v1 that tests and
 * tools use (https://mailpit.axllent.org/docs/api-v1/), and the small reading page (page.ts).
 *   GET    /api/v1/messages?start=&limit=     newest first, Mailpit's MessagesSummary
 *   GET    /api/v1/search?query=&start=&limit= the same, filtered (to:, from:, subject:, words)
 *   DELETE /api/v1/messages  {"IDs":[...]}    those, or all without IDs
 *   GET    /api/v1/message/{ID|latest}        Mailpit's Message (marks it read)
 *   GET    /api/v1/message/{ID}/headers       header name to values
 *   GET    /api/v1/message/{ID}/raw           the message as received
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readBody, sendJson, sendText } from '../kernel/http.js';
import { messageJson, summaryJson } from './message.js';
import { isLoopbackHost } from './loopback-host.js';
import { matches } from './search.js';
import { servePage } from './page.js';
import type { MailStore } from './store.js';

const DEFAULT_LIMIT = 50;

function intParam(url: URL, name: string, fallback: number): number {
  const raw = url.searchParams.get(name);
  if (raw === null || raw === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) throw new BadRequest(`${name} must be a whole number`);
  return value;
}

class BadRequest extends Error {}

export function listJson(store: MailStore, url: URL, query?: string) {
  const start = intParam(url, 'start', 0);
  const limit = intParam(url, 'limit', DEFAULT_LIMIT) || DEFAULT_LIMIT;
  const all = store.list();
  const selected = query === undefined ? all : all.filter((m) => matches(m, query));
  const page = selected.slice(start, start + limit);
  return {
    total: all.length,
    unread: store.unread,
    count: page.length,
    messages_count: selected.length,
    start,
    tags: [] as string[],
    messages: page.map(summaryJson),
  };
}

async function deleteMessages(req: IncomingMessage, res: ServerResponse, store: MailStore) {
  const body = (await readBody(req, 1024 * 1024)).toString('utf8').trim();
  let ids: string[] | undefined;
  if (body !== '') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body);
    } catch {
      throw new BadRequest('the body must be JSON: {"IDs": ["..."]} or nothing to delete all');
    }
    const list = (parsed as { IDs?: unknown }).IDs;
    if (list !== undefined && (!Array.isArray(list) || list.some((x) => typeof x !== 'string')))
      throw new BadRequest('IDs must be a list of message ids');
    ids = list as string[] | undefined;
  }
  store.delete(ids);
  sendText(res, 200, 'ok', 'text/plain; charset=utf-8');
}

function messageRoute(req: IncomingMessage, res: ServerResponse, store: MailStore, rest: string) {
  const [id = '', part = ''] = rest.split('/');
  const message = store.get(decodeURIComponent(id));
  if (!message) return sendText(res, 404, 'message not found', 'text/plain; charset=utf-8');
  if (part === '') {
    message.read = true;
    return sendJson(res, 200, messageJson(message));
  }
  if (part === 'headers') return sendJson(res, 200, message.headers);
  if (part === 'raw') {
    res.writeHead(200, {
      'Content-Type': 'text/plain; charset=utf-8',
      'Content-Length': message.raw.length,
      'Content-Disposition': 'inline',
    });
    return void res.end(message.raw);
  }
  sendText(res, 404, 'not found', 'text/plain; charset=utf-8');
}

export async function handleMailRequest(
  req: IncomingMessage,
  res: ServerResponse,
  store: MailStore,
): Promise<void> {
  const url = new URL(req.url ?? '/', 'http://127.0.0.1');
  const method = req.method ?? 'GET';
  const path = url.pathname;
  // No CORS headers: only same-origin pages and non-browser clients read the mail.
  res.setHeader('X-Content-Type-Options', 'nosniff');
  res.setHeader('Cache-Control', 'no-store');
  if (!isLoopbackHost(req.headers.host))
    return sendText(
      res,
      421,
      'This mail catcher answers only requests addressed to 127.0.0.1 or localhost.',
      'text/plain; charset=utf-8',
    );
  try {
    if (path === '/api/v1/messages') {
      if (method === 'GET') return sendJson(res, 200, listJson(store, url));
      if (method === 'DELETE') return await deleteMessages(req, res, store);
      return sendText(res, 405, 'method not allowed', 'text/plain; charset=utf-8', { Allow: 'GET, DELETE' });
    }
    if (path === '/api/v1/search' && method === 'GET')
      return sendJson(res, 200, listJson(store, url, url.searchParams.get('query') ?? ''));
    if (path.startsWith('/api/v1/message/') && method === 'GET')
      return messageRoute(req, res, store, path.slice('/api/v1/message/'.length));
    if (method === 'GET' || method === 'HEAD') return servePage(res, store, url);
    sendText(res, 405, 'method not allowed', 'text/plain; charset=utf-8');
  } catch (error) {
    if (error instanceof BadRequest) return sendText(res, 400, error.message, 'text/plain; charset=utf-8');
    throw error;
  }
}
