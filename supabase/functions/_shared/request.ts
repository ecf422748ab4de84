// The request checks every JSON function makes, in one place: preflight and method, body size, JSON,
// shape. Each check answers a refusal the caller returns as is, or lets the request go on.
import type { z } from 'zod';
import { jsonResponse } from './json-response.ts';

export type Checked<T> = { ok: true; value: T } | { ok: false; response: Response };

const refuse = (response: Response): { ok: false; response: Response } => ({ ok: false, response });

/**
 * OPTIONS answers the CORS preflight (204); a method other than `method` is 405 with `Allow`.
 * Null when the request may go on.
 */
export function preflight(req: Request, method: string, cors: Record<string, string>): Response | null {
  if (req.method === 'OPTIONS') return new Response(null, { status: 204, headers: cors });
  if (req.method === method) return null;
  return jsonResponse(
    405,
    { error: 'method_not_allowed', message: `Use ${method}` },
    { ...cors, Allow: `${method}, OPTIONS` },
  );
}

export interface JsonBodyOptions {
  maxBytes: number;
  cors: Record<string, string>;
  /** Refuse (415) a body not declared `application/json`, with this hint of the expected shape. */
  requireJsonType?: string;
  /** The noun of the 413 message ("Reports are limited to …"). */
  what?: string;
}

/** The parsed JSON body of at most `maxBytes` bytes (declared or actual), or the refusal: 415, 413, 400. */
export async function readJsonBody(req: Request, options: JsonBodyOptions): Promise<Checked<unknown>> {
  const { maxBytes, cors } = options;
  if (
    options.requireJsonType !== undefined &&
    !(req.headers.get('content-type') ?? '').toLowerCase().startsWith('application/json')
  ) {
    return refuse(
      jsonResponse(
        415,
        { error: 'unsupported_media_type', message: `Send JSON: ${options.requireJsonType}` },
        cors,
      ),
    );
  }
  const tooLarge = () =>
    refuse(
      jsonResponse(
        413,
        {
          error: 'payload_too_large',
          message: `${options.what ?? 'Requests'} are limited to ${maxBytes} bytes`,
        },
        cors,
      ),
    );
  if (Number(req.headers.get('content-length') ?? '0') > maxBytes) return tooLarge();
  const text = await req.text();
  if (new TextEncoder().encode(text).length > maxBytes) return tooLarge();
  try {
    return { ok: true, value: JSON.parse(text) };
  } catch {
    return refuse(jsonResponse(400, { error: 'invalid_json', message: 'The body is not valid JSON' }, cors));
  }
}

/** The value checked against a zod schema, or a 400 naming each issue by its path. */
export function checkShape<S extends z.ZodType>(
  schema: S,
  value: unknown,
  cors: Record<string, string>,
  refusal: { error: string; message?: string },
): Checked<z.infer<S>> {
  const parsed = schema.safeParse(value);
  if (parsed.success) return { ok: true, value: parsed.data };
  const issues = parsed.error.issues.map((i) => ({ path: i.path.join('.'), message: i.message }));
  const message =
    refusal.message ?? issues.map((i) => (i.path ? `${i.path}: ${i.message}` : i.message)).join('; ');
  return refuse(jsonResponse(400, { error: refusal.error, message, issues }, cors));
}

/** The client's address: the last X-Forwarded-For entry is the one our own gateway added. */
export function clientAddress(req: Request): string {
  return (
    req.headers.get('x-forwarded-for')?.split(',').at(-1)?.trim() || req.headers.get('x-real-ip') || 'unknown'
  );
}
