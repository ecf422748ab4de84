/** Which exposed schema a request targets: `Accept-Profile` for reads, `Content-Profile` for writes. */
import type { IncomingMessage } from 'node:http';
import { unacceptableSchema } from '../errors.js';

export interface SchemaChoice {
  schema: string;
  /** True when a profile header picked it; the response then names it in `Content-Profile`. */
  byHeader: boolean;
}

export function chooseSchema(req: IncomingMessage, exposed: string[]): SchemaChoice {
  const isRead = req.method === 'GET' || req.method === 'HEAD';
  const header = isRead ? req.headers['accept-profile'] : req.headers['content-profile'];
  const requested = Array.isArray(header) ? header[0] : header;
  if (requested === undefined) return { schema: exposed[0] ?? 'public', byHeader: false };
  if (!exposed.includes(requested)) throw unacceptableSchema(requested, exposed);
  return { schema: requested, byHeader: true };
}
