/**
 * Broadcast over HTTP, for senders that have not joined the channel:
 * `POST /api/broadcast` with `{messages: [{topic, event, payload, private?}]}` (realtime-js's REST
 * fallback of `send()`), and `POST /api/broadcast/<topic>/events/<event>[?private=true]` with the raw
 * payload as body (`httpSend()`, JSON or bytes). Both answer 202. Private topics need the sender's
 * INSERT policy on realtime.messages; messages it may not send are skipped, as in Supabase.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { GatewayContext, ServiceRoute } from '../kernel/context.js';
import { PayloadTooLargeError, readBody, sendJson } from '../kernel/http.js';
import { JwtError } from '../kernel/jwt.js';
import { resolveIdentity, type RequestIdentity } from '../kernel/request-identity.js';
import { topicPolicies } from './authorization.js';
import type { BroadcastBody } from './frames.js';
import { BroadcastMessage, topicKey, type Hub } from './hub.js';

const MAX_MESSAGES = 100;

interface Outgoing {
  topic: string;
  event: string;
  body: BroadcastBody;
  isPrivate: boolean;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

async function canSend(
  ctx: GatewayContext,
  identity: RequestIdentity,
  topic: string,
  cache: Map<string, boolean>,
) {
  const cached = cache.get(topic);
  if (cached !== undefined) return cached;
  let allowed = false;
  try {
    const policies = await topicPolicies(
      ctx.pools.api,
      ctx.roleSettings,
      identity.role,
      identity.claims,
      topic,
    );
    allowed = policies.broadcastWrite;
  } catch (error) {
    ctx.log('warn', 'realtime could not check a private broadcast', { error: (error as Error).message });
  }
  cache.set(topic, allowed);
  return allowed;
}

export async function handleRestBroadcast(
  req: IncomingMessage,
  res: ServerResponse,
  ctx: GatewayContext,
  route: ServiceRoute,
  hub: Hub,
  maxPayloadBytes: number,
): Promise<void> {
  if (req.method !== 'POST') return sendJson(res, 405, { error: 'Method not allowed' });
  let identity: RequestIdentity;
  try {
    identity = await resolveIdentity(req, ctx.secrets, route.apiKey);
  } catch (error) {
    if (error instanceof JwtError) return sendJson(res, 401, { error: error.message });
    throw error;
  }
  const single = /^\/api\/broadcast\/([^/]+)\/events\/([^/]+)\/?$/.exec(route.path);
  let body: Buffer;
  try {
    body = await readBody(req, single ? maxPayloadBytes : maxPayloadBytes * 4);
  } catch (error) {
    if (error instanceof PayloadTooLargeError) {
      return sendJson(res, 413, { error: `Payload size exceeded the limit of ${error.limit} bytes` });
    }
    throw error;
  }
  const outgoing: Outgoing[] = [];
  if (single) {
    let topic: string;
    let event: string;
    try {
      topic = decodeURIComponent(single[1]!);
      event = decodeURIComponent(single[2]!);
    } catch {
      return sendJson(res, 400, { error: 'Invalid topic or event in path' });
    }
    const binary = /octet-stream/i.test(String(req.headers['content-type'] ?? ''));
    let messageBody: BroadcastBody;
    if (binary) messageBody = { encoding: 'binary', bytes: body };
    else {
      const json = body.toString('utf8');
      try {
        JSON.parse(json);
      } catch {
        return sendJson(res, 400, { error: 'Body must be JSON (or application/octet-stream)' });
      }
      messageBody = { encoding: 'json', json };
    }
    outgoing.push({
      topic,
      event,
      body: messageBody,
      isPrivate: route.url.searchParams.get('private') === 'true',
    });
  } else if (route.path === '/api/broadcast' || route.path === '/api/broadcast/') {
    let parsed: unknown;
    try {
      parsed = JSON.parse(body.toString('utf8'));
    } catch {
      return sendJson(res, 400, { error: 'Body must be JSON: {"messages": [{topic, event, payload}]}' });
    }
    const messages = isObject(parsed) ? parsed.messages : undefined;
    if (!Array.isArray(messages) || messages.length > MAX_MESSAGES) {
      return sendJson(res, 400, { error: `"messages" must be a list of at most ${MAX_MESSAGES} messages` });
    }
    for (const m of messages) {
      if (!isObject(m) || typeof m.topic !== 'string' || m.topic === '' || typeof m.event !== 'string') {
        return sendJson(res, 400, { error: 'Each message needs a "topic" and an "event" string' });
      }
      const json = JSON.stringify(m.payload ?? {});
      if (Buffer.byteLength(json) > maxPayloadBytes) {
        return sendJson(res, 413, { error: `Payload size exceeded the limit of ${maxPayloadBytes} bytes` });
      }
      outgoing.push({
        topic: m.topic,
        event: m.event,
        body: { encoding: 'json', json },
        isPrivate: m.private === true,
      });
    }
  } else {
    return sendJson(res, 404, { error: 'Not found' });
  }

  const allowed = new Map<string, boolean>();
  for (const m of outgoing) {
    // Clients may pass the topic with or without the `realtime:` prefix.
    const name = m.topic.startsWith('realtime:') ? m.topic.slice('realtime:'.length) : m.topic;
    if (m.isPrivate && !(await canSend(ctx, identity, name, allowed))) continue;
    hub.broadcast(topicKey(name, m.isPrivate), new BroadcastMessage(`realtime:${name}`, m.event, m.body, ''));
  }
  res.writeHead(202, { 'Content-Length': 0 });
  res.end();
}
