/**
 * The catcher's reading page, rendered on the server without a line of script:
 *   /                 the list, newest first (?q= filters as /api/v1/search does)
 *   /view/{ID}        one message: headers, the text part, the HTML part in a frame
 *   /view/{ID}/html   the HTML part alone, for that frame
 * Mail is hostile input. Every value is HTML-escaped into the page; the HTML part is never put into
 * the page but served as its own document under `Content-Security-Policy: sandbox` (no scripts, a
 * unique origin, no forms) with `default-src 'none'` (nothing loads: no tracking pixels, no remote
 * fonts), and framed with the iframe `sandbox` attribute as well. Links in it open in a new tab
 * (a <base target> ahead of the mail's markup), without a referrer.
 */
import type { ServerResponse } from 'node:http';
import { sendText } from '../kernel/http.js';
import { PERMISSIONS_POLICY, RESOURCE_POLICY } from '../web/security-headers.js';
import { matches } from './search.js';
import { snippet, type CaughtMessage, type MailAddress } from './message.js';
import type { MailStore } from './store.js';
import { PAGE_STYLE } from './page-style.js';

const PAGE_POLICY = [
  "default-src 'none'",
  "style-src 'self'",
  "img-src 'self'",
  "frame-src 'self'",
  "frame-ancestors 'none'",
  "base-uri 'none'",
  "form-action 'self'",
].join('; ');

/** The mail's own HTML: inert, framed only by this page. */
export const MAIL_HTML_POLICY = [
  'sandbox allow-popups allow-popups-to-escape-sandbox',
  "default-src 'none'",
  "style-src 'unsafe-inline'",
  'img-src data:',
  "frame-ancestors 'self'",
  "base-uri 'none'",
  "form-action 'none'",
].join('; ');

const COMMON_HEADERS = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cache-Control': 'no-store',
};

export function escapeHtml(value: string): string {
  return value.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!,
  );
}

function who(list: MailAddress[]): string {
  return list.map((a) => (a.Name ? `${a.Name} <${a.Address}>` : a.Address)).join(', ');
}

/** Plain text with its http(s) links clickable; everything else escaped. */
export function linkify(text: string): string {
  return text
    .split(/(https?:\/\/[^\s<>"']+)/g)
    .map((piece, i) =>
      i % 2 === 1
        ? `<a href="${escapeHtml(piece)}" target="_blank" rel="noreferrer noopener">${escapeHtml(piece)}</a>`
        : escapeHtml(piece),
    )
    .join('');
}

function layout(title: string, body: string): string {
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title><link rel="stylesheet" href="/style.css"></head>
<body><header><a href="/" class="brand">Mail on this stack</a><span class="note">Caught locally: nothing here was delivered.</span></header>
<main>${body}</main></body></html>`;
}

function listPage(store: MailStore, query: string): string {
  const messages = store.list().filter((m) => query === '' || matches(m, query));
  const rows = messages
    .map(
      (m) => `<li class="${m.read ? 'read' : 'unread'}"><a href="/view/${encodeURIComponent(m.id)}">
<span class="from">${escapeHtml(m.from.Name || m.from.Address)}</span>
<span class="to">to ${escapeHtml(who(m.to))}</span>
<time datetime="${m.created.toISOString()}">${escapeHtml(m.created.toISOString().replace('T', ' ').slice(0, 19))} UTC</time>
<span class="subject">${escapeHtml(m.subject || '(no subject)')}</span>
<span class="snippet">${escapeHtml(snippet(m))}</span></a></li>`,
    )
    .join('\n');
  const search = `<form method="get" action="/" class="search"><input type="search" name="q" value="${escapeHtml(query)}"
 placeholder="to:someone@example.com subject:reset" aria-label="Search mail"><button type="submit">Search</button></form>`;
  const empty = `<p class="empty">${query ? 'No message matches.' : 'No mail yet. Whatever this stack sends (password recovery, confirmations, notifications) shows up here.'}</p>`;
  return layout(
    'Mail',
    `${search}<p class="count">${messages.length} of ${store.list().length} message(s), ${store.unread} unread</p>${messages.length ? `<ul class="messages">${rows}</ul>` : empty}`,
  );
}

function messagePage(m: CaughtMessage): string {
  const id = encodeURIComponent(m.id);
  const header = (name: string, value: string) =>
    value ? `<tr><th scope="row">${name}</th><td>${escapeHtml(value)}</td></tr>` : '';
  const html = m.html
    ? `<h2>HTML</h2><iframe class="html" title="HTML part (scripts and remote content blocked)" sandbox="allow-popups allow-popups-to-escape-sandbox" referrerpolicy="no-referrer" src="/view/${id}/html"></iframe>`
    : '';
  const text = m.text ? `<h2>Text</h2><pre class="text">${linkify(m.text)}</pre>` : '';
  return layout(
    m.subject || 'Message',
    `<p><a href="/">&larr; All mail</a> · <a href="/api/v1/message/${id}/raw">Raw message</a></p>
<h1>${escapeHtml(m.subject || '(no subject)')}</h1>
<table class="headers"><tbody>${header('From', who([m.from]))}${header('To', who(m.to))}${header('Cc', who(m.cc))}${header('Bcc', who(m.bcc))}${header('Date', m.date.toISOString())}</tbody></table>
${html}${text}`,
  );
}

/** The HTML part as its own inert document; links open outside the frame. */
export function inertHtml(m: CaughtMessage): string {
  return `<!doctype html><meta charset="utf-8"><base target="_blank">${m.html}`;
}

export function servePage(res: ServerResponse, store: MailStore, url: URL): void {
  const path = url.pathname;
  if (path === '/style.css')
    return sendText(res, 200, PAGE_STYLE, 'text/css; charset=utf-8', {
      ...COMMON_HEADERS,
      'Content-Security-Policy': RESOURCE_POLICY,
    });
  const send = (status: number, body: string, policy = PAGE_POLICY) =>
    sendText(res, status, body, 'text/html; charset=utf-8', {
      ...COMMON_HEADERS,
      'Content-Security-Policy': policy,
      'X-Frame-Options': policy === PAGE_POLICY ? 'DENY' : 'SAMEORIGIN',
    });
  if (path === '/') return send(200, listPage(store, url.searchParams.get('q') ?? ''));
  const view = /^\/view\/([A-Za-z0-9_-]+)(\/html)?$/.exec(path);
  const message = view ? store.get(view[1]!) : undefined;
  if (!message) return send(404, layout('Not found', '<p>No such message (it may have been deleted).</p>'));
  if (view![2]) return send(200, inertHtml(message), MAIL_HTML_POLICY);
  message.read = true;
  send(200, messagePage(message));
}
