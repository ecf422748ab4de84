/**
 * Phoenix channel frames as realtime-js speaks them. vsn 2.0.0: text frames are JSON arrays
 * `[join_ref, ref, topic, event, payload]`, and client broadcasts arrive as binary "userBroadcastPush"
 * frames (kind 3); the only binary kind a client can decode is "userBroadcast" (kind 4).
 * vsn 1.0.0: JSON objects `{join_ref, ref, topic, event, payload}` both ways, no binary frames.
 */

export type Vsn = '1.0.0' | '2.0.0';

/** A message from the client, whatever framing it came in. */
export interface InboundMessage {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  event: string;
  payload: unknown;
}

/** The user payload of a broadcast: JSON-encoded text or raw bytes (a client's ArrayBuffer). */
export type BroadcastBody = { encoding: 'json'; json: string } | { encoding: 'binary'; bytes: Buffer };

/** A broadcast decoded from a kind-3 frame. */
export interface BinaryBroadcastPush {
  joinRef: string | null;
  ref: string | null;
  topic: string;
  userEvent: string;
  /** Metadata JSON object text (allowed keys only), or '' when absent. */
  meta: string;
  body: BroadcastBody;
}

export class FrameError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'FrameError';
  }
}

const KIND_USER_BROADCAST_PUSH = 3;
const KIND_USER_BROADCAST = 4;
const ENCODING_BINARY = 0;
const ENCODING_JSON = 1;

function refValue(value: unknown, what: string): string | null {
  if (value === null || value === undefined) return null;
  if (typeof value === 'string') return value;
  if (typeof value === 'number' && Number.isFinite(value)) return String(value);
  throw new FrameError(`${what} must be a string or null`);
}

function checked(joinRef: unknown, ref: unknown, topic: unknown, event: unknown, payload: unknown) {
  if (typeof topic !== 'string') throw new FrameError('topic must be a string');
  if (typeof event !== 'string') throw new FrameError('event must be a string');
  return {
    joinRef: refValue(joinRef, 'join_ref'),
    ref: refValue(ref, 'ref'),
    topic,
    event,
    payload: payload ?? {},
  };
}

/** Decodes a text frame; throws FrameError on anything that is not a Phoenix message. */
export function decodeText(text: string, vsn: Vsn): InboundMessage {
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw new FrameError('frame is not valid JSON');
  }
  if (vsn === '2.0.0') {
    if (!Array.isArray(parsed) || parsed.length !== 5) {
      throw new FrameError('vsn 2.0.0 frames are arrays [join_ref, ref, topic, event, payload]');
    }
    return checked(parsed[0], parsed[1], parsed[2], parsed[3], parsed[4]);
  }
  if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) {
    throw new FrameError('vsn 1.0.0 frames are objects {topic, event, payload, ref, join_ref}');
  }
  const o = parsed as Record<string, unknown>;
  return checked(o.join_ref, o.ref, o.topic, o.event, o.payload);
}

/** Decodes a binary frame (vsn 2.0.0 only): the kind-3 userBroadcastPush layout. */
export function decodeBinary(data: Buffer): BinaryBroadcastPush {
  if (data.length < 7) throw new FrameError('binary frame too short');
  const kind = data[0];
  if (kind !== KIND_USER_BROADCAST_PUSH) throw new FrameError(`unsupported binary frame kind ${kind}`);
  const lengths = [data[1]!, data[2]!, data[3]!, data[4]!, data[5]!];
  const encoding = data[6]!;
  if (encoding !== ENCODING_BINARY && encoding !== ENCODING_JSON) {
    throw new FrameError(`unknown payload encoding ${encoding}`);
  }
  let offset = 7;
  const strings: string[] = [];
  for (const length of lengths) {
    if (offset + length > data.length) throw new FrameError('binary frame truncated');
    strings.push(data.toString('utf8', offset, offset + length));
    offset += length;
  }
  const [joinRef, ref, topic, userEvent, meta] = strings as [string, string, string, string, string];
  const rest = data.subarray(offset);
  let body: BroadcastBody;
  if (encoding === ENCODING_JSON) {
    const json = rest.toString('utf8');
    try {
      JSON.parse(json);
    } catch {
      throw new FrameError('broadcast payload is not valid JSON');
    }
    body = { encoding: 'json', json };
  } else {
    body = { encoding: 'binary', bytes: Buffer.from(rest) };
  }
  if (meta !== '') {
    try {
      const parsed: unknown = JSON.parse(meta);
      if (!parsed || typeof parsed !== 'object' || Array.isArray(parsed)) throw new Error();
    } catch {
      throw new FrameError('broadcast metadata must be a JSON object');
    }
  }
  return { joinRef: joinRef || null, ref: ref || null, topic, userEvent, meta, body };
}

/** Encodes one message as a text frame of the socket's vsn. */
export function encodeText(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payload: unknown,
): string {
  if (vsn === '2.0.0') return JSON.stringify([joinRef, ref, topic, event, payload]);
  return JSON.stringify({ join_ref: joinRef, ref, topic, event, payload });
}

/**
 * Same as encodeText with a payload that is already JSON text (shared by many recipients, so it
 * is serialised once per change rather than once per subscriber).
 */
export function encodeTextRaw(
  vsn: Vsn,
  joinRef: string | null,
  ref: string | null,
  topic: string,
  event: string,
  payloadJson: string,
): string {
  const jr = JSON.stringify(joinRef);
  const r = JSON.stringify(ref);
  const t = JSON.stringify(topic);
  const e = JSON.stringify(event);
  if (vsn === '2.0.0') return `[${jr},${r},${t},${e},${payloadJson}]`;
  return `{"join_ref":${jr},"ref":${r},"topic":${t},"event":${e},"payload":${payloadJson}}`;
}

/** The JSON payload object of a user broadcast: `{type:"broadcast", event, payload, meta?}`. */
export function broadcastPayloadJson(userEvent: string, json: string, meta: string): string {
  const m = meta === '' ? '' : `,"meta":${meta}`;
  return `{"type":"broadcast","event":${JSON.stringify(userEvent)},"payload":${json}${m}}`;
}

/** Encodes a kind-4 userBroadcast frame (server → client, vsn 2.0.0). */
export function encodeUserBroadcast(
  topic: string,
  userEvent: string,
  meta: string,
  body: BroadcastBody,
): Buffer {
  const topicBytes = Buffer.from(topic, 'utf8');
  const eventBytes = Buffer.from(userEvent, 'utf8');
  const metaBytes = Buffer.from(meta, 'utf8');
  if (topicBytes.length > 255 || eventBytes.length > 255 || metaBytes.length > 255) {
    throw new FrameError('topic, event and metadata must each fit in 255 bytes');
  }
  const payload = body.encoding === 'json' ? Buffer.from(body.json, 'utf8') : body.bytes;
  const header = Buffer.from([
    KIND_USER_BROADCAST,
    topicBytes.length,
    eventBytes.length,
    metaBytes.length,
    body.encoding === 'json' ? ENCODING_JSON : ENCODING_BINARY,
  ]);
  return Buffer.concat([header, topicBytes, eventBytes, metaBytes, payload]);
}
