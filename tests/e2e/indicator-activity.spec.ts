/**
 * An indicator is no dead end: on the demo's jonrook.com (telemetry is generated, so the figures are
 * read from the database) the drawer counts its sightings and alerts in the tab labels, lists the
 * sensors that saw it and opens an alert of it in the Hub.
 */
import { expect, test } from '@playwright/test';
import { withDb } from './support/db';
import { ANALYST_STATE } from './support/paths';

test.use({ storageState: ANALYST_STATE });

interface Activity {
  id: string;
  sightings: number;
  sensors: string[];
  alerts: number;
  alert_id: string;
}

function readActivity(value: string): Promise<Activity> {
  return withDb(async (client) => {
    const result = await client.query<Activity>(
      `select i.id::text,
              (select count(*)::int from public.sightings s where s.sighting_of_ref = i.stix_id) as sightings,
              (select array_agg(s.sensor order by s.sensor) from public.sightings s
                where s.sighting_of_ref = i.stix_id and s.sensor is not null) as sensors,
              (select count(*)::int from public.enhanced_security_alerts a where a.indicator_id = i.id) as alerts,
              (select a.id::text from public.enhanced_security_alerts a where a.indicator_id = i.id
                order by a.created_at desc, a.id desc limit 1) as alert_id
         from public.indicators i where i.type = 'domain' and i.value = $1`,
      [value],
    );
    return result.rows[0]!;
  });
}

test('IOC drawer: Sightings and Alerts tabs count, list and link what the database holds', async ({
  page,
}) => {
  const activity = await readActivity('jonrook.com');
  expect(activity.sightings).toBeGreaterThan(0);
  expect(activity.alerts).toBeGreaterThan(0);

  // The drawer opens from the URL and hides the page behind it, so no wait for the page heading.
  await page.goto(`/platform/ioc-intelligence?open=${activity.id}&status=all`);
  const drawer = page.getByRole('dialog');
  await drawer.getByRole('tab', { name: `Sightings (${activity.sightings})` }).click();
  for (const sensor of activity.sensors) {
    await expect(drawer.getByRole('link', { name: sensor, exact: true })).toHaveAttribute(
      'href',
      `/platform/network-monitoring?sensor=${encodeURIComponent(sensor)}`,
    );
  }

  await drawer.getByRole('tab', { name: `Alerts (${activity.alerts})` }).click();
  const alert = drawer.getByRole('link', { name: /jonrook\[\.\]com/ }).first();
  await expect(alert).toHaveAttribute('href', `/platform/threat-intelligence-hub?alert=${activity.alert_id}`);
  await alert.click();
  await expect(page).toHaveURL(new RegExp(`threat-intelligence-hub\\?alert=${activity.alert_id}`));
  await expect(page.getByRole('dialog')).toContainText('jonrook[.]com');
});
