import { eventUrl, oneLine, type NotificationEvent } from './event.js';
import { html, markdownInert, slackEscape, teamsCard } from './payloads.js';
import { defang } from './view-pages.js';

/**
 * Message bodies of a digest (one message per rule, channel and period). Everything in a digest item
 * (titles, values) comes from feeds and analysts, so it is hostile: values are defanged, HTML is
 * escaped, chat text goes as plain_text (Slack) or Markdown-escaped (Mattermost, Teams).
 */
export interface DigestItem {
  kind: string;
  title: string;
  severity: string | null;
  tlp: string;
  occurred_at: string;
  value?: string | null;
  value_type?: string | null;
  score?: number | null;
  path: string;
}

export interface DigestCount {
  kind: string;
  severity: string | null;
  count: number;
}

export interface DigestEvent extends NotificationEvent {
  kind: 'digest';
  digest: 'daily' | 'weekly';
  rule: string;
  period_start: string;
  period_end: string;
  /** Events shown (at or below the channel's ceiling). */
  total: number;
  /** Events above the channel's TLP ceiling: counted here, never listed. */
  withheld: number;
  /** Events whose PAP (AMBER or above) keeps them inside the platform: counted here, never listed. */
  withheld_pap: number;
  counts: DigestCount[];
  items: DigestItem[];
}

export function isDigest(event: NotificationEvent): event is DigestEvent {
  return event.kind === 'digest';
}

const KIND_LABELS: Record<string, string> = {
  alert: 'Alerts',
  kev_asset: 'Known exploited vulnerabilities on assets',
  watch_hit: 'Watch hits',
  import_failed: 'Failed imports',
  saved_view: 'New results',
};

/** "Daily digest: <rule> (2 Dec 07:00 – 3 Dec 07:00 UTC)". */
export function digestHeadline(event: DigestEvent): string {
  const period = `${utc(event.period_start)} – ${utc(event.period_end)} UTC`;
  return `${event.digest === 'daily' ? 'Daily' : 'Weekly'} digest: ${oneLine(event.rule)} (${period})`;
}

function utc(iso: string): string {
  return new Date(iso).toISOString().slice(0, 16).replace('T', ' ');
}

/** "Alerts, high: 3" lines, then the withheld count. */
export function digestCountLines(event: DigestEvent): string[] {
  const lines = event.counts.map(
    (c) => `${KIND_LABELS[c.kind] ?? c.kind}${c.severity ? `, ${c.severity}` : ''}: ${c.count}`,
  );
  if (event.withheld > 0) lines.push(`Withheld (above this channel's TLP ceiling): ${event.withheld}`);
  if (event.withheld_pap > 0)
    lines.push(`Withheld (PAP:AMBER or above: may not leave the platform): ${event.withheld_pap}`);
  return lines;
}

/** One item on one line: "[HIGH] title: domain evil[.]example (score 80) TLP:GREEN". */
export function digestItemLine(item: DigestItem): string {
  const severity = item.severity ? `[${item.severity.toUpperCase()}] ` : '';
  const value = item.value
    ? ` — ${item.value_type ? `${item.value_type} ` : ''}${defang(oneLine(item.value))}`
    : '';
  const score = item.score === null || item.score === undefined ? '' : ` (score ${item.score})`;
  return `${severity}${oneLine(item.title)}${value}${score} TLP:${item.tlp.toUpperCase()}`;
}

/** "and N more" when the digest lists fewer items than it counts. */
export function digestMore(event: DigestEvent): string | null {
  const more = event.total - event.items.length;
  return more > 0 ? `and ${more} more` : null;
}

function summaryLine(event: DigestEvent): string {
  const shown = `${event.total} event${event.total === 1 ? '' : 's'}`;
  const withheld = [
    event.withheld > 0 ? `${event.withheld} withheld above the TLP ceiling` : '',
    event.withheld_pap > 0 ? `${event.withheld_pap} withheld by their PAP` : '',
  ].filter(Boolean);
  return [shown, ...withheld].join(', ');
}

/** The e-mail: subject, text, and HTML with every piece of data escaped. */
export function digestEmail(
  event: DigestEvent,
  appUrl: string,
): { subject: string; text: string; html: string } {
  const headline = digestHeadline(event);
  const more = digestMore(event);
  const items = event.items.map((item) => ({
    line: digestItemLine(item),
    url: eventUrl(appUrl, asEvent(item)),
  }));
  const text = [
    headline,
    summaryLine(event),
    '',
    ...digestCountLines(event),
    '',
    ...items.flatMap((i) => [`- ${i.line}`, `  ${i.url}`]),
    ...(more ? [more] : []),
    '',
    `Open in the CTI platform: ${eventUrl(appUrl, event)}`,
    '',
  ].join('\n');
  const counts = digestCountLines(event)
    .map((line) => `<li>${html(line)}</li>`)
    .join('');
  const list = items.map((i) => `<li><a href="${html(i.url)}">${html(i.line)}</a></li>`).join('');
  return {
    subject: `[CTI] ${headline}`.slice(0, 200),
    text,
    html:
      `<p><strong>${html(headline)}</strong><br>${html(summaryLine(event))}</p>` +
      (counts ? `<ul>${counts}</ul>` : '') +
      (list ? `<ol>${list}</ol>` : '') +
      (more ? `<p>${html(more)}</p>` : '') +
      `<p><a href="${html(eventUrl(appUrl, event))}">Open in the CTI platform</a></p>`,
  };
}

/** Standard Webhooks payload (type, timestamp, data) with the items and each item's link. */
export function digestWebhookBody(event: DigestEvent, appUrl: string, sentAt: Date): string {
  return JSON.stringify({
    type: `digest.${event.digest}`,
    timestamp: sentAt.toISOString(),
    data: {
      ...event,
      items: event.items.map((item) => ({ ...item, url: eventUrl(appUrl, asEvent(item)) })),
      more: Math.max(0, event.total - event.items.length),
      url: eventUrl(appUrl, event),
    },
  });
}

/** Slack: a compact summary; data only in plain_text objects, the link the only mrkdwn. */
export function digestSlackBody(event: DigestEvent, appUrl: string): string {
  const headline = digestHeadline(event);
  const lines = compactLines(event);
  return JSON.stringify({
    text: `${headline}: ${summaryLine(event)}`,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: headline.slice(0, 150), emoji: false } },
      { type: 'section', text: { type: 'plain_text', text: lines.join('\n').slice(0, 3000), emoji: false } },
      {
        type: 'section',
        text: { type: 'mrkdwn', text: `<${slackEscape(eventUrl(appUrl, event))}|Open in the CTI platform>` },
      },
    ],
  });
}

/** Mattermost: text plus one attachment, every line Markdown-inert. */
export function digestMattermostBody(event: DigestEvent, appUrl: string): string {
  const headline = markdownInert(digestHeadline(event));
  return JSON.stringify({
    text: headline,
    attachments: [
      {
        fallback: headline,
        title: headline,
        title_link: eventUrl(appUrl, event),
        text: compactLines(event).map(markdownInert).join('\n'),
      },
    ],
  });
}

/** Teams: an Adaptive Card with the summary lines and an Action.OpenUrl. */
export function digestTeamsBody(event: DigestEvent, appUrl: string): string {
  return teamsCard(
    [
      {
        type: 'TextBlock',
        size: 'Medium',
        weight: 'Bolder',
        wrap: true,
        text: markdownInert(digestHeadline(event)),
      },
      ...compactLines(event).map((line) => ({ type: 'TextBlock', wrap: true, text: markdownInert(line) })),
    ],
    eventUrl(appUrl, event),
  );
}

/** The chat summary: the totals, the counts, the first five items, "and N more". */
function compactLines(event: DigestEvent): string[] {
  const shown = event.items.slice(0, 5);
  const more = event.total - shown.length;
  return [
    summaryLine(event),
    ...digestCountLines(event),
    ...shown.map((item) => `• ${digestItemLine(item)}`),
    ...(more > 0 ? [`and ${more} more`] : []),
  ];
}

function asEvent(item: DigestItem): NotificationEvent {
  return {
    kind: item.kind,
    id: '',
    title: item.title,
    tlp: item.tlp,
    occurred_at: item.occurred_at,
    path: item.path,
  };
}
