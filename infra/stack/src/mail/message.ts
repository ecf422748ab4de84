/**
 * One caught mail: the raw RFC 5322 bytes as received (kept unchanged, analyst data is hostile:
 * stored raw, rendered inert) and what mailparser read from them, shaped as Mailpit's API shapes
 * them so clients written for the Supabase CLI's Mailpit work against this catcher unchanged.
 * Shapes: https://mailpit.axllent.org/docs/api-v1/ (MessageSummary, Message).
 */
import { randomBytes } from 'node:crypto';
import { simpleParser, type AddressObject, type ParsedMail } from 'mailparser';

export interface MailAddress {
  Name: string;
  Address: string;
}

export interface MailAttachment {
  PartID: string;
  FileName: string;
  ContentType: string;
  ContentID: string;
  Size: number;
}

export interface CaughtMessage {
  id: string;
  created: Date;
  read: boolean;
  raw: Buffer;
  messageId: string;
  from: MailAddress;
  to: MailAddress[];
  cc: MailAddress[];
  bcc: MailAddress[];
  replyTo: MailAddress[];
  returnPath: string;
  subject: string;
  date: Date;
  text: string;
  html: string;
  headers: Record<string, string[]>;
  attachments: MailAttachment[];
  inline: MailAttachment[];
}

/** Mailpit's ids are 22 URL-safe characters; so are these (128 random bits). */
export function newMessageId(): string {
  return randomBytes(16).toString('base64url');
}

function addresses(value: AddressObject | AddressObject[] | undefined): MailAddress[] {
  const list = value === undefined ? [] : Array.isArray(value) ? value : [value];
  return list.flatMap((group) =>
    group.value.flatMap((entry) =>
      // A group ("Undisclosed: a@x, b@y;") lists its members.
      entry.group
        ? entry.group.map((m) => ({ Name: m.name ?? '', Address: m.address ?? '' }))
        : [{ Name: entry.name ?? '', Address: entry.address ?? '' }],
    ),
  );
}

function parts(mail: ParsedMail, inline: boolean): MailAttachment[] {
  return mail.attachments
    .map((a, index) => ({ a, index }))
    .filter(({ a }) => (a.contentDisposition === 'inline' && a.contentId !== undefined) === inline)
    .map(({ a, index }) => ({
      PartID: String(index + 1),
      FileName: a.filename ?? '',
      ContentType: a.contentType,
      ContentID: (a.cid ?? '').replace(/^<|>$/g, ''),
      Size: a.size,
    }));
}

function headerMap(mail: ParsedMail): Record<string, string[]> {
  const map: Record<string, string[]> = {};
  for (const line of mail.headerLines) {
    const colon = line.line.indexOf(':');
    const name = colon > 0 ? line.line.slice(0, colon).trim() : line.key;
    const value =
      colon > 0
        ? line.line
            .slice(colon + 1)
            .replace(/\r?\n[ \t]+/g, ' ')
            .trim()
        : '';
    (map[name] ??= []).push(value);
  }
  return map;
}

export interface Envelope {
  /** SMTP `RCPT TO` addresses: whoever is not in To or Cc was a Bcc. */
  recipients: string[];
  mailFrom: string;
}

/** Parses raw bytes into a caught message; never throws on malformed mail (mailparser is lenient). */
export async function parseMessage(
  raw: Buffer,
  envelope: Envelope,
  id = newMessageId(),
  created = new Date(),
): Promise<CaughtMessage> {
  const mail = await simpleParser(raw, { skipHtmlToText: false, skipTextToHtml: true });
  const to = addresses(mail.to);
  const cc = addresses(mail.cc);
  const seen = new Set([...to, ...cc].map((a) => a.Address.toLowerCase()));
  const bcc = envelope.recipients
    .filter((r) => !seen.has(r.toLowerCase()))
    .map((address) => ({ Name: '', Address: address }));
  return {
    id,
    created,
    read: false,
    raw,
    messageId: (mail.messageId ?? '').replace(/^<|>$/g, ''),
    from: addresses(mail.from)[0] ?? { Name: '', Address: envelope.mailFrom },
    to,
    cc,
    bcc,
    replyTo: addresses(mail.replyTo),
    returnPath: envelope.mailFrom,
    subject: mail.subject ?? '',
    date: mail.date ?? created,
    text: mail.text ?? '',
    html: typeof mail.html === 'string' ? mail.html : '',
    headers: headerMap(mail),
    attachments: parts(mail, false),
    inline: parts(mail, true),
  };
}

/** Up to 250 characters of the text, whitespace folded, as Mailpit's Snippet. */
export function snippet(message: CaughtMessage): string {
  const text = message.text || message.html.replace(/<[^>]*>/g, ' ');
  const folded = text.replace(/\s+/g, ' ').trim();
  return folded.length > 250 ? `${folded.slice(0, 250)}...` : folded;
}

/** Mailpit's MessageSummary (an entry of GET /api/v1/messages). */
export function summaryJson(message: CaughtMessage) {
  return {
    ID: message.id,
    MessageID: message.messageId,
    Read: message.read,
    From: message.from,
    To: message.to,
    Cc: message.cc,
    Bcc: message.bcc,
    ReplyTo: message.replyTo,
    Subject: message.subject,
    Created: message.created.toISOString(),
    Username: '',
    Tags: [] as string[],
    Size: message.raw.length,
    Attachments: message.attachments.length,
    Snippet: snippet(message),
  };
}

/** Mailpit's Message (GET /api/v1/message/{ID}). */
export function messageJson(message: CaughtMessage) {
  return {
    ID: message.id,
    MessageID: message.messageId,
    From: message.from,
    To: message.to,
    Cc: message.cc,
    Bcc: message.bcc,
    ReplyTo: message.replyTo,
    ReturnPath: message.returnPath,
    Subject: message.subject,
    ListUnsubscribe: { Header: '', Links: [] as string[], Errors: '', HeaderPost: '' },
    Date: message.date.toISOString(),
    Tags: [] as string[],
    Username: '',
    Text: message.text,
    HTML: message.html,
    Size: message.raw.length,
    Inline: message.inline,
    Attachments: message.attachments,
  };
}
