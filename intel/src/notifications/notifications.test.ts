import { describe, expect, it } from 'vitest';
import { Webhook } from 'standardwebhooks';
import { MAX_ATTEMPTS, retryAfterMs, retryDelayMs } from './backoff.js';
import type { NotificationEvent } from './event.js';
import {
  emailMessage,
  markdownInert,
  mattermostBody,
  slackBody,
  teamsBody,
  webhookBody,
} from './payloads.js';
import { defang, iocViewArgs } from './saved-views.js';
import { checkWebhookUrl } from './send.js';
import { generateWebhookSecret, isWebhookSecret, signWebhook } from './signature.js';

const event: NotificationEvent = {
  kind: 'alert',
  id: '6c1f0c5e-0000-4000-a000-000000000001',
  title: 'Beacon to <script>alert(1)</script> @channel [x](http://evil.example)',
  severity: 'high',
  tlp: 'amber',
  occurred_at: '2026-11-27T10:00:00.000Z',
  path: '/platform/threat-intelligence-hub?alert=6c1f0c5e-0000-4000-a000-000000000001',
  rule: 'High alerts',
};
const APP = 'https://cti.example.org/';

describe('Standard Webhooks signature', () => {
  it('matches the reference vector of the specification’s libraries', () => {
    // standard-webhooks/standard-webhooks libraries/javascript/src/webhook.test.ts, "sign function works".
    const headers = signWebhook(
      'whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw',
      'msg_p5jXN8AQM9LWM0D4loKWxJek',
      new Date(1614265330 * 1000),
      '{"test": 2432232314}',
    );
    expect(headers).toEqual({
      'webhook-id': 'msg_p5jXN8AQM9LWM0D4loKWxJek',
      'webhook-timestamp': '1614265330',
      'webhook-signature': 'v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=',
    });
  });

  it('verifies on the receiver side, and fails for another body or secret', () => {
    const secret = generateWebhookSecret();
    const body = webhookBody(event, APP, new Date());
    const headers = signWebhook(secret, 'msg_42', new Date(), body);
    expect(new Webhook(secret).verify(body, { ...headers })).toMatchObject({ type: 'alert.created' });
    expect(() => new Webhook(secret).verify(`${body} `, { ...headers })).toThrow();
    expect(() => new Webhook(generateWebhookSecret()).verify(body, { ...headers })).toThrow();
  });

  it('accepts only whsec_ secrets of 24 to 512 bytes, and ids without full stops', () => {
    expect(isWebhookSecret(generateWebhookSecret())).toBe(true);
    expect(isWebhookSecret('whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(true);
    expect(isWebhookSecret('MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw')).toBe(false);
    expect(isWebhookSecret('whsec_c2hvcnQ=')).toBe(false);
    expect(() => signWebhook(generateWebhookSecret(), 'a.b', new Date(), '{}')).toThrow(/full stop/);
  });
});

describe('payloads', () => {
  it('webhook: type, timestamp and the event with its link', () => {
    const body = JSON.parse(webhookBody(event, APP, new Date('2026-11-27T10:00:05Z')));
    expect(body.type).toBe('alert.created');
    expect(body.timestamp).toBe('2026-11-27T10:00:05.000Z');
    expect(body.data.url).toBe(`https://cti.example.org${event.path}`);
    expect(body.data.title).toBe(event.title);
  });

  it('Slack: text and blocks, values as plain_text, the link escaped', () => {
    const body = JSON.parse(slackBody(event, APP));
    expect(body.text).toContain('[HIGH] Alert: Beacon');
    expect(body.blocks[0].text.type).toBe('plain_text');
    for (const field of body.blocks[1].fields) expect(field.type).toBe('plain_text');
    expect(body.blocks[2].text.text).toBe(`<https://cti.example.org${event.path}|Open in the CTI platform>`);
  });

  it('Mattermost: attachments with escaped Markdown and broken mentions', () => {
    const body = JSON.parse(mattermostBody(event, APP));
    expect(body.attachments[0].title_link).toBe(`https://cti.example.org${event.path}`);
    expect(body.text).not.toContain('@channel');
    expect(body.text).toContain('\\[x\\]\\(http://evil\\.example\\)');
    expect(markdownInert('a*b_c')).toBe('a\\*b\\_c');
  });

  it('Teams: one Adaptive Card attachment with an OpenUrl action', () => {
    const body = JSON.parse(teamsBody(event, APP));
    expect(body.type).toBe('message');
    expect(body.attachments[0].contentType).toBe('application/vnd.microsoft.card.adaptive');
    expect(body.attachments[0].content.type).toBe('AdaptiveCard');
    expect(body.attachments[0].content.actions[0]).toEqual({
      type: 'Action.OpenUrl',
      title: 'Open in the CTI platform',
      url: `https://cti.example.org${event.path}`,
    });
    expect(body.attachments[0].content.body[1].facts).toContainEqual({ title: 'TLP', value: 'TLP:AMBER' });
  });

  it('e-mail: HTML escaped, subject on one line', () => {
    const mail = emailMessage({ ...event, title: 'two\r\nlines <b>' }, APP);
    expect(mail.subject).toBe('[CTI] [HIGH] Alert: two lines <b>');
    expect(mail.html).toContain('two lines &lt;b&gt;');
    expect(mail.html).not.toContain('<b>');
    expect(mail.text).toContain(`Open in the CTI platform: https://cti.example.org${event.path}`);
  });
});

describe('back-off', () => {
  it('grows exponentially with jitter between half and all of each step, capped', () => {
    expect(retryDelayMs(1, () => 0)).toBe(30_000);
    expect(retryDelayMs(1, () => 1)).toBe(60_000);
    expect(retryDelayMs(2, () => 0)).toBe(60_000);
    expect(retryDelayMs(3, () => 0.5)).toBe(180_000);
    expect(retryDelayMs(30, () => 1)).toBe(12 * 60 * 60 * 1000);
    expect(MAX_ATTEMPTS).toBeGreaterThan(3);
  });

  it('honours Retry-After in seconds or as a date', () => {
    expect(retryAfterMs('120')).toBe(120_000);
    expect(retryAfterMs(new Date(1_000_000 + 5_000).toUTCString(), 1_000_000)).toBe(5_000);
    expect(retryAfterMs(null)).toBeUndefined();
    expect(retryAfterMs('soon')).toBeUndefined();
  });
});

describe('webhook URLs', () => {
  it('refuses anything but http(s)', () => {
    expect(checkWebhookUrl('https://hooks.example.org/x').host).toBe('hooks.example.org');
    expect(() => checkWebhookUrl('file:///etc/passwd')).toThrow(/http:\/\/ or https:\/\//);
    expect(() => checkWebhookUrl('not a url')).toThrow(/not a URL/);
  });
});

describe('saved views', () => {
  it('reads the IOC page’s URL filters as the page does, leaving out what does not parse', () => {
    const now = new Date('2026-11-27T12:00:00Z');
    expect(
      iocViewArgs(
        'type=domain&type=url&tlp=green&tlp=purple&minScore=80&seen=7d&status=all&q=%20emotet%20&source=nope',
        now,
      ),
    ).toEqual({
      _value: 'emotet',
      _types: ['domain', 'url'],
      _tlps: ['green'],
      _source_id: null,
      _min_confidence: null,
      _min_score: 80,
      _seen_since: '2026-11-20T12:00:00.000Z',
      _malware_id: null,
      _revoked: null,
    });
    expect(iocViewArgs('minScore=101&status=revoked')).toMatchObject({ _min_score: null, _revoked: true });
    expect(iocViewArgs('')).toMatchObject({ _revoked: false, _types: null });
  });

  it('defangs values for mail and chat', () => {
    expect(defang('http://evil.example/a')).toBe('hxxp://evil[.]example/a');
    expect(defang('me@evil.example')).toBe('me[@]evil[.]example');
  });
});
