/**
 * The Threat Intelligence Hub badge (SPEC §1, §7): the count of alerts with status 'new' raised in the
 * last 24 h, and a live update when one is inserted. Rows this spec inserts are removed afterwards; alerts
 * already in the database are counted first, so the spec also runs against a stack that has data.
 */
import { expect, test } from '@playwright/test';
import { PlatformShellPage } from './pages/platform-shell.page';
import { countNewAlerts, deleteAlerts, insertAlerts } from './support/db';
import { ANALYST_STATE } from './support/paths';
import { alertFeedSubscribed } from './support/realtime';

const HOUR = 3600_000;
const ALERT_WINDOW_MS = 24 * HOUR;
const badgeName = (count: number) =>
  `Threat Intelligence Hub ${count} new ${count === 1 ? 'alert' : 'alerts'}`;

test.use({ storageState: ANALYST_STATE });

const inserted: string[] = [];
test.afterEach(async () => {
  await deleteAlerts(inserted.splice(0));
});

test('the badge counts new alerts of the last 24 h only, and follows an insert live', async ({ page }) => {
  const before = await countNewAlerts(ALERT_WINDOW_MS);
  inserted.push(
    ...(await insertAlerts('counted', [{ ageMs: 60_000 }, { ageMs: 2 * HOUR }, { ageMs: 23 * HOUR }])),
    ...(await insertAlerts('not counted', [
      { ageMs: 25 * HOUR },
      { status: 'acknowledged', ageMs: 60_000 },
      { status: 'resolved', ageMs: HOUR },
    ])),
  );
  expect(await countNewAlerts(ALERT_WINDOW_MS)).toBe(before + 3);

  const subscribed = alertFeedSubscribed(page);
  const shell = new PlatformShellPage(page);
  await shell.goto();
  const hub = shell.alertsLink();
  await expect(hub).toHaveAccessibleName(badgeName(before + 3));
  await expect(hub.getByText(String(before + 3), { exact: true })).toBeVisible();

  // Once the channel listens, an insert refreshes the count well before the next 30 s poll.
  await subscribed;
  const insertedAt = Date.now();
  inserted.push(...(await insertAlerts('live', [{}])));
  await expect(hub).toHaveAccessibleName(badgeName(before + 4), { timeout: 15_000 });
  test.info().annotations.push({
    type: 'badge update after insert',
    description: `${Date.now() - insertedAt} ms`,
  });
});
