import { describe, expect, it } from 'vitest';
import { summariseMatches } from './digest.js';
import {
  digestEmail,
  digestMattermostBody,
  digestSlackBody,
  digestTeamsBody,
  digestWebhookBody,
  type DigestEvent,
} from './digest-payloads.js';
import { digestHour, dueDigestPeriod, periodEndAtOrBefore } from './digest-period.js';
import { alertViewArgs, type ViewMatch } from './view-pages.js';

const APP = 'https://cti.example.org';
const hostile = '<script>alert(1)</script> @channel [x](http://evil.example) & "q"';

const digest: DigestEvent = {
  kind: 'digest',
  digest: 'daily',
  id: 'r:2026-12-02T07:00:00.000Z',
  rule: `High alerts ${hostile}`,
  title: 'Daily digest: High alerts',
  severity: null,
  tlp: 'amber',
  occurred_at: '2026-12-02T07:00:00.000Z',
  period_start: '2026-12-01T07:00:00.000Z',
  period_end: '2026-12-02T07:00:00.000Z',
  path: '/platform/threat-intelligence-hub?status=all',
  total: 14,
  withheld: 2,
  withheld_pap: 3,
  counts: [
    { kind: 'alert', severity: 'critical', count: 1 },
    { kind: 'alert', severity: 'high', count: 12 },
    { kind: 'kev_asset', severity: 'high', count: 1 },
  ],
  items: Array.from({ length: 10 }, (_, n) => ({
    kind: 'alert',
    title: n === 0 ? hostile : `Alert ${n}`,
    severity: n === 0 ? 'critical' : 'high',
    tlp: n === 0 ? 'amber' : 'green',
    occurred_at: '2026-12-01T12:00:00.000Z',
    value: n === 0 ? 'http://bad.example/<b>x</b>' : `host${n}.example`,
    value_type: n === 0 ? 'url' : 'domain',
    path: `/platform/threat-intelligence-hub?alert=00000000-0000-4000-8000-00000000000${n}`,
  })),
};

describe('digest periods', () => {
  it('closes a daily period at the digest hour, UTC: 06:59 is in the one ending at 07:00, 07:01 in the next', () => {
    expect(periodEndAtOrBefore('daily', new Date('2026-12-02T06:59:00Z'), 7).toISOString()).toBe(
      '2026-12-01T07:00:00.000Z',
    );
    expect(periodEndAtOrBefore('daily', new Date('2026-12-02T07:01:00Z'), 7).toISOString()).toBe(
      '2026-12-02T07:00:00.000Z',
    );
    expect(periodEndAtOrBefore('daily', new Date('2026-12-02T07:00:00Z'), 7).toISOString()).toBe(
      '2026-12-02T07:00:00.000Z',
    );
    expect(periodEndAtOrBefore('daily', new Date('2026-12-02T00:30:00Z'), 0).toISOString()).toBe(
      '2026-12-02T00:00:00.000Z',
    );
  });

  it('closes a weekly period on Monday at the hour', () => {
    // 2026-12-07 is a Monday.
    expect(periodEndAtOrBefore('weekly', new Date('2026-12-07T07:30:00Z'), 7).toISOString()).toBe(
      '2026-12-07T07:00:00.000Z',
    );
    expect(periodEndAtOrBefore('weekly', new Date('2026-12-07T06:30:00Z'), 7).toISOString()).toBe(
      '2026-11-30T07:00:00.000Z',
    );
    expect(periodEndAtOrBefore('weekly', new Date('2026-12-13T23:00:00Z'), 7).toISOString()).toBe(
      '2026-12-07T07:00:00.000Z',
    );
  });

  it('assembles a period two minutes after it closes, over its whole length', () => {
    expect(dueDigestPeriod('daily', new Date('2026-12-02T07:01:00Z'), 7).end.toISOString()).toBe(
      '2026-12-01T07:00:00.000Z',
    );
    const due = dueDigestPeriod('weekly', new Date('2026-12-07T07:05:00Z'), 7);
    expect([due.start.toISOString(), due.end.toISOString()]).toEqual([
      '2026-11-30T07:00:00.000Z',
      '2026-12-07T07:00:00.000Z',
    ]);
  });

  it('reads the hour setting, falling back to 07:00 on anything else', () => {
    expect(digestHour(9)).toBe(9);
    expect(digestHour(0)).toBe(0);
    expect(digestHour(24)).toBe(7);
    expect(digestHour('x')).toBe(7);
    expect(digestHour(null)).toBe(7);
  });
});

describe('digest messages', () => {
  it('e-mails counts, the top items (defanged, escaped, linked) and "and N more"', () => {
    const mail = digestEmail(digest, APP);
    expect(mail.subject).toBe(
      `[CTI] Daily digest: High alerts ${hostile} (2026-12-01 07:00 – 2026-12-02 07:00 UTC)`.slice(0, 200),
    );
    expect(mail.text).toContain('14 events, 2 withheld above the TLP ceiling, 3 withheld by their PAP');
    expect(mail.text).toContain('Alerts, high: 12');
    expect(mail.text).toContain('Known exploited vulnerabilities on assets, high: 1');
    expect(mail.text).toContain("Withheld (above this channel's TLP ceiling): 2");
    expect(mail.text).toContain('Withheld (PAP:AMBER or above: may not leave the platform): 3');
    expect(mail.text).toContain('url hxxp://bad[.]example/<b>x</b>');
    expect(mail.text).toContain('and 4 more');
    expect(mail.text).toContain(
      `${APP}/platform/threat-intelligence-hub?alert=00000000-0000-4000-8000-000000000003`,
    );
    expect(mail.html).not.toMatch(/<script|<b>|"q"/);
    expect(mail.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(mail.html).toContain('hxxp://bad[.]example/&lt;b&gt;x&lt;/b&gt;');
    expect(mail.html).toContain('<p>and 4 more</p>');
    expect(mail.html.match(/<li><a href=/g)).toHaveLength(10);
  });

  it('gives chat a compact summary: five items, the rest counted, data inert', () => {
    const slack = JSON.parse(digestSlackBody(digest, APP)) as {
      text: string;
      blocks: { text: { type: string; text: string } }[];
    };
    expect(slack.text).toContain('14 events, 2 withheld');
    expect(slack.blocks[1]!.text.type).toBe('plain_text');
    expect(slack.blocks[1]!.text.text.split('\n').filter((l) => l.startsWith('•'))).toHaveLength(5);
    expect(slack.blocks[1]!.text.text).toContain('and 9 more');
    expect(slack.blocks[2]!.text.text).toBe(
      `<${APP}/platform/threat-intelligence-hub?status=all|Open in the CTI platform>`,
    );

    const mattermost = JSON.parse(digestMattermostBody(digest, APP)) as {
      attachments: { text: string }[];
    };
    expect(mattermost.attachments[0]!.text).toContain('@\u200bchannel');
    expect(mattermost.attachments[0]!.text).toContain('\\<script\\>');
    const teams = JSON.stringify(JSON.parse(digestTeamsBody(digest, APP)));
    expect(teams).toContain('Action.OpenUrl');
    expect(teams).not.toContain('<script>');
  });

  it('sends webhooks the items with their links', () => {
    const body = JSON.parse(digestWebhookBody(digest, APP, new Date('2026-12-02T07:02:00Z'))) as {
      type: string;
      data: DigestEvent & { more: number; url: string; items: { url: string; value: string }[] };
    };
    expect(body.type).toBe('digest.daily');
    expect(body.data).toMatchObject({ total: 14, withheld: 2, withheld_pap: 3, more: 4 });
    expect(body.data.items).toHaveLength(10);
    expect(body.data.items[0]!.url).toBe(
      `${APP}/platform/threat-intelligence-hub?alert=00000000-0000-4000-8000-000000000000`,
    );
    // The raw value for machines; a webhook receiver is not a mail client.
    expect(body.data.items[0]!.value).toBe('http://bad.example/<b>x</b>');
  });

  it('counts a saved view’s matches above the ceiling as withheld and never lists them', () => {
    const match = (id: string, tlp: string, pap = 'clear'): ViewMatch => ({
      id,
      created_at: new Date('2026-12-01T12:00:00Z'),
      title: 'New domain',
      value: `${id}.example`,
      value_type: 'domain',
      severity: null,
      score: 50,
      tlp,
      pap,
      path: `/platform/ioc-intelligence?open=${id}`,
      line: id,
    });
    const summary = summariseMatches(
      [match('a', 'green'), match('b', 'red'), match('c', 'amber'), match('d', 'amber+strict')],
      'amber',
    );
    expect(summary).toMatchObject({
      total: 2,
      withheld: 2,
      counts: [{ kind: 'saved_view', severity: null, count: 2 }],
    });
    expect(summary.items.map((i) => i.value)).toEqual(['a.example', 'c.example']);
  });

  it('counts matches whose PAP keeps them inside the platform as withheld and never lists them', () => {
    const match = (id: string, pap: string): ViewMatch => ({
      id,
      created_at: new Date('2026-12-01T12:00:00Z'),
      title: 'New domain',
      value: `${id}.example`,
      value_type: 'domain',
      severity: null,
      score: 50,
      tlp: 'green',
      pap,
      path: `/platform/ioc-intelligence?open=${id}`,
      line: id,
    });
    const summary = summariseMatches(
      [match('a', 'clear'), match('b', 'amber'), match('c', 'green'), match('d', 'red')],
      'amber',
    );
    expect(summary).toMatchObject({ total: 2, withheld: 0, withheld_pap: 2 });
    expect(summary.items.map((i) => i.value)).toEqual(['a.example', 'c.example']);
  });
});

describe('Threat Intelligence Hub views', () => {
  it('reads the page’s URL filters as the list does', () => {
    const now = new Date('2026-12-02T00:00:00Z');
    expect(alertViewArgs('severity=critical,high&category=phishing&window=7d', 'owner', now)).toEqual({
      statuses: ['new', 'acknowledged', 'investigating'],
      severities: ['critical', 'high'],
      category: 'phishing',
      assignee: { kind: 'none' },
      createdSince: new Date('2026-11-25T00:00:00Z'),
    });
    expect(alertViewArgs('status=all&assignee=me&severity=bogus', 'owner', now)).toMatchObject({
      statuses: null,
      severities: null,
      assignee: { kind: 'user', id: 'owner' },
    });
    expect(alertViewArgs('status=resolved&assignee=unassigned&window=1y', 'owner', now)).toMatchObject({
      statuses: ['resolved'],
      assignee: { kind: 'unassigned' },
      createdSince: null,
    });
  });
});
