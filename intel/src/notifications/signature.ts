import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';

/**
 * Webhook signing per the Standard Webhooks specification
 * (https://github.com/standard-webhooks/standard-webhooks/blob/main/spec/standard-webhooks.md,
 * "Signature scheme" and "Webhook headers"): the signed content is `{msg_id}.{timestamp}.{payload}`,
 * HMAC-SHA256 keyed with the base64-decoded part of the secret after `whsec_`, sent as
 * `webhook-signature: v1,<base64>` beside `webhook-id` and `webhook-timestamp` (Unix seconds).
 * The maintained `standardwebhooks` package does the HMAC; the unit test checks it against the
 * specification's reference vector.
 */

/** whsec_ + base64 of 24 to 512 bytes (the spec's symmetric secret size). */
const SECRET_SHAPE = /^whsec_[A-Za-z0-9+/]{32,700}={0,2}$/;

export function isWebhookSecret(secret: string): boolean {
  if (!SECRET_SHAPE.test(secret)) return false;
  const bytes = Buffer.from(secret.slice('whsec_'.length), 'base64').length;
  return bytes >= 24 && bytes <= 512;
}

/** A new secret: 32 random bytes. */
export function generateWebhookSecret(): string {
  return `whsec_${randomBytes(32).toString('base64')}`;
}

export interface SignedHeaders {
  'webhook-id': string;
  'webhook-timestamp': string;
  'webhook-signature': string;
}

/** The three Standard Webhooks headers for one attempt of message `id` with this exact body. */
export function signWebhook(secret: string, id: string, sentAt: Date, body: string): SignedHeaders {
  if (/[.\s]/.test(id)) throw new Error('a webhook id may not contain a full stop or a space');
  const timestamp = Math.floor(sentAt.getTime() / 1000);
  return {
    'webhook-id': id,
    'webhook-timestamp': String(timestamp),
    'webhook-signature': new Webhook(secret).sign(id, new Date(timestamp * 1000), body),
  };
}
