/**
 * The stack's mail catcher, read as a client of Mailpit reads Mailpit (API v1:
 * https://mailpit.axllent.org/docs/api-v1/): `GET /api/v1/messages` lists summaries newest first,
 * `GET /api/v1/message/{ID}` gives one message, `DELETE /api/v1/messages` without a body empties it.
 */
import { readStackEnv } from './stack-env';

interface Address {
  Name: string;
  Address: string;
}

export interface CaughtMail {
  ID: string;
  Subject: string;
  From: Address;
  To: Address[];
  Text: string;
  HTML: string;
}

function catcher(): string {
  const url = readStackEnv().mailpitUrl;
  if (!url) throw new Error('The stack reports no MAILPIT_URL: enable [local_smtp] in its config.toml.');
  return url.replace(/\/$/, '');
}

async function json<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${catcher()}${path}`, init);
  if (!response.ok) throw new Error(`${init?.method ?? 'GET'} ${path}: HTTP ${response.status}`);
  return (await response.json()) as T;
}

/** Deletes every caught message; returns how many remain (0). */
export async function clearMail(): Promise<number> {
  await fetch(`${catcher()}/api/v1/messages`, { method: 'DELETE' });
  return (await json<{ total: number }>('/api/v1/messages')).total;
}

/** The summaries of the mails to `address` (from the whole list, newest first). */
export async function mailsTo(address: string): Promise<{ ID: string; Subject: string }[]> {
  const list = await json<{ messages: { ID: string; Subject: string; To: Address[] }[] }>(
    '/api/v1/messages?limit=200',
  );
  return list.messages.filter((m) => m.To.some((to) => to.Address.toLowerCase() === address.toLowerCase()));
}

/** Waits (up to `timeoutMs`) for a mail to `address` and returns the newest in full. */
export async function waitForMail(address: string, timeoutMs = 15_000): Promise<CaughtMail> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const [newest] = await mailsTo(address);
    if (newest) return json<CaughtMail>(`/api/v1/message/${newest.ID}`);
    if (Date.now() > deadline) throw new Error(`No mail to ${address} within ${timeoutMs / 1000} s.`);
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** The auth service's verify link in a mail's text part. */
export function verifyLinkIn(mail: CaughtMail): string {
  const link = /https?:\/\/\S+\/auth\/v1\/verify\?\S+/.exec(mail.Text)?.[0];
  if (!link) throw new Error(`No verify link in the mail "${mail.Subject}".`);
  return link;
}
