import { EVENT_TYPES, eventFacts, eventHeadline, eventUrl, type NotificationEvent } from './event.js';

/**
 * Message bodies per channel kind. Event text comes from analysts and feeds (hostile): it is sent as
 * plain text where the format has it, and escaped where the format only has markup.
 */

/** Standard Webhooks payload shape: `type`, `timestamp`, `data` (spec, "Payload structure"). */
export function webhookBody(event: NotificationEvent, appUrl: string, sentAt: Date): string {
  return JSON.stringify({
    type: EVENT_TYPES[event.kind] ?? `${event.kind}.created`,
    timestamp: sentAt.toISOString(),
    data: { ...event, url: eventUrl(appUrl, event) },
  });
}

/**
 * Slack incoming webhook (https://api.slack.com/messaging/webhooks): `text` is the notification
 * fallback, `blocks` the layout (Block Kit). Values go in `plain_text` objects, which Slack never
 * parses for links or mentions; the link is the only mrkdwn, with `&`, `<`, `>` escaped as
 * https://api.slack.com/reference/surfaces/formatting#escaping asks.
 */
export function slackBody(event: NotificationEvent, appUrl: string): string {
  const url = eventUrl(appUrl, event);
  const headline = eventHeadline(event);
  return JSON.stringify({
    text: headline,
    blocks: [
      { type: 'header', text: { type: 'plain_text', text: headline.slice(0, 150), emoji: false } },
      {
        type: 'section',
        fields: eventFacts(event)
          .slice(0, 10)
          .map(([label, value]) => ({
            type: 'plain_text',
            text: `${label}: ${value}`.slice(0, 2000),
            emoji: false,
          })),
      },
      { type: 'section', text: { type: 'mrkdwn', text: `<${slackEscape(url)}|Open in the CTI platform>` } },
    ],
  });
}

export function slackEscape(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}

/**
 * Mattermost incoming webhook (https://developers.mattermost.com/integrate/webhooks/incoming/):
 * `text` plus Slack-style `attachments` (https://developers.mattermost.com/integrate/reference/message-attachments/).
 * Mattermost renders text as Markdown, so values are escaped and @-mentions broken.
 */
export function mattermostBody(event: NotificationEvent, appUrl: string): string {
  const url = eventUrl(appUrl, event);
  const headline = markdownInert(eventHeadline(event));
  return JSON.stringify({
    text: headline,
    attachments: [
      {
        fallback: headline,
        color: severityColour(event.severity),
        title: headline,
        title_link: url,
        fields: eventFacts(event).map(([label, value]) => ({
          title: label,
          value: markdownInert(value),
          short: true,
        })),
      },
    ],
  });
}

/**
 * Microsoft Teams incoming webhook with an Adaptive Card, the message shape of
 * https://learn.microsoft.com/en-us/microsoftteams/platform/webhooks-and-connectors/how-to/connectors-using#send-adaptive-cards-using-an-incoming-webhook
 * (`type: message`, one attachment of contentType application/vnd.microsoft.card.adaptive). TextBlocks
 * take a Markdown subset, so values are escaped; the link is an Action.OpenUrl.
 */
export function teamsBody(event: NotificationEvent, appUrl: string): string {
  return teamsCard(
    [
      {
        type: 'TextBlock',
        size: 'Medium',
        weight: 'Bolder',
        wrap: true,
        text: markdownInert(eventHeadline(event)),
      },
      {
        type: 'FactSet',
        facts: eventFacts(event).map(([title, value]) => ({ title, value: markdownInert(value) })),
      },
    ],
    eventUrl(appUrl, event),
  );
}

/** The Teams incoming-webhook message around an Adaptive Card's body, with one link into the app. */
export function teamsCard(body: object[], url: string): string {
  return JSON.stringify({
    type: 'message',
    attachments: [
      {
        contentType: 'application/vnd.microsoft.card.adaptive',
        contentUrl: null,
        content: {
          $schema: 'http://adaptivecards.io/schemas/adaptive-card.json',
          type: 'AdaptiveCard',
          version: '1.4',
          body,
          actions: [{ type: 'Action.OpenUrl', title: 'Open in the CTI platform', url }],
        },
      },
    ],
  });
}

/** Markdown metacharacters escaped, @-mentions broken by a zero-width space. */
export function markdownInert(text: string): string {
  return text.replace(/([\\`*_{}[\]()#+\-.!|<>~])/g, '\\$1').replace(/@/g, '@\u200b');
}

function severityColour(severity: NotificationEvent['severity']): string {
  return (
    { critical: '#b42318', high: '#dc6803', medium: '#eaaa08', low: '#667085' }[String(severity)] ?? '#667085'
  );
}

/** The e-mail of an event: subject, plain text, and HTML with every value escaped. */
export function emailMessage(
  event: NotificationEvent,
  appUrl: string,
): { subject: string; text: string; html: string } {
  const url = eventUrl(appUrl, event);
  const headline = eventHeadline(event);
  const facts = eventFacts(event);
  const text = [
    headline,
    '',
    ...facts.map(([label, value]) => `${label}: ${value}`),
    '',
    `Open in the CTI platform: ${url}`,
    '',
  ].join('\n');
  const rows = facts
    .map(([label, value]) => `<tr><th align="left">${html(label)}</th><td>${html(value)}</td></tr>`)
    .join('');
  return {
    subject: `[CTI] ${headline}`.slice(0, 200),
    text,
    html: `<p><strong>${html(headline)}</strong></p><table>${rows}</table><p><a href="${html(url)}">Open in the CTI platform</a></p>`,
  };
}

export function html(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}
