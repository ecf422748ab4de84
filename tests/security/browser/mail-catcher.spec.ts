/**
 * The mail catcher's reading page in Chromium (issue 27 §4): an HTML mail carrying the whole XSS
 * corpus plus scripts that would mark the document and call the probe, sent over SMTP, is opened
 * on the catcher's page. Nothing may run, in the page or in the mail's frame (sandboxed, served
 * under a sandbox CSP), a javascript: link in the mail runs nothing when clicked, and the mail's
 * remote image is never fetched.
 */
import { httpRequest } from '../lib/http.js';
import { sendSmtp } from '../lib/smtp.js';
import { resolveTarget } from '../lib/target.js';
import { PAYLOADS, expect, test } from './fixtures.js';

const MARKERS = [
  `<script>document.documentElement.dataset.ran = 'script'; parent.__xss('mail script')</script>`,
  `<img src="x" onerror="document.documentElement.dataset.ran = 'onerror'; parent.__xss('mail img')">`,
  `<svg onload="document.documentElement.dataset.ran = 'svg'"></svg>`,
  `<a id="js-link" href="javascript:document.documentElement.dataset.ran='href';parent.__xss('mail href')">open</a>`,
  `<img id="tracker" src="https://tracker.invalid/pixel.gif" alt="tracker">`,
];

test.describe('Browser · mail catcher page', () => {
  let id = '';

  test.afterAll(async () => {
    const { mailpitUrl } = resolveTarget();
    if (id && mailpitUrl)
      await httpRequest(`${mailpitUrl}/api/v1/messages`, {
        method: 'DELETE',
        body: JSON.stringify({ IDs: [id] }),
      });
  });

  test(`a hostile HTML mail (${PAYLOADS.length} corpus payloads) runs nothing and fetches nothing remote`, async ({
    page,
    probe,
    target,
  }) => {
    void probe;
    expect(typeof target.mailpitUrl, 'MAILPIT_URL').toBe('string');
    expect(typeof target.smtpUrl, 'SMTP_URL').toBe('string');
    const to = `security-browser-${Date.now().toString(36)}@cti.local`;
    const html = [...MARKERS, ...PAYLOADS.map((p) => `<div>${p.payload.split('\u0000').join('')}</div>`)];
    await sendSmtp(target.smtpUrl!, {
      from: 'mallory@example.net',
      to,
      message: [
        'From: mallory@example.net',
        `To: ${to}`,
        'Subject: hostile html',
        'MIME-Version: 1.0',
        'Content-Type: text/html; charset=utf-8',
        'Content-Transfer-Encoding: base64',
        '',
        Buffer.from(html.join('\n'), 'utf8').toString('base64').replace(/.{76}/g, '$&\n'),
      ].join('\n'),
    });
    const search = await httpRequest(
      `${target.mailpitUrl}/api/v1/search?query=${encodeURIComponent(`to:${to}`)}`,
    );
    id = (search.json as { messages: { ID: string }[] }).messages[0]?.ID ?? '';
    expect(id, 'the mail was caught').not.toBe('');

    // Remote requests are blocked before they leave (default-src 'none', img-src data:): none may
    // finish, and each one that fails must fail as blocked by the CSP, not as a network error.
    const remote = (url: string) => /^https?:/.test(url) && !url.startsWith(target.mailpitUrl!);
    const fetched: string[] = [];
    const failedOtherwise: string[] = [];
    const popups: string[] = [];
    page.on('requestfinished', (request) => {
      if (remote(request.url())) fetched.push(request.url());
    });
    page.on('requestfailed', (request) => {
      const reason = request.failure()?.errorText ?? '';
      if (remote(request.url()) && !/^csp$|BLOCKED_BY_CSP/i.test(reason))
        failedOtherwise.push(`${request.url()} ${reason}`);
    });
    page.context().on('page', (popup) => popups.push(popup.url()));
    await page.goto(`${target.mailpitUrl}/view/${id}`);
    const frame = page.frameLocator('iframe');
    await expect(frame.locator('#js-link')).toBeVisible();
    await frame.locator('#js-link').click();
    await page.waitForTimeout(500);
    await expect(frame.locator('html')).not.toHaveAttribute('data-ran');
    await expect(page.locator('html')).not.toHaveAttribute('data-ran');
    // Frames the corpus nests in the mail load nothing from elsewhere (default-src 'none').
    const loaded = page.frames().map((f) => f.url());
    expect(loaded.filter(remote)).toEqual([]);
    expect(fetched).toEqual([]);
    expect(failedOtherwise).toEqual([]);
    expect(popups.filter((url) => url !== 'about:blank')).toEqual([]);
  });
});
