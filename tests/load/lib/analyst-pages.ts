/**
 * The requests of the analyst's pages, exactly as the app's API modules send them
 * (frontend/src/features/*\/api): the sidebar badge, the health probes, the dashboard's five
 * queries (fired together, as React Query does), the IOC list, the CVE (KEV) feed and a triage write.
 */
import { Trend } from 'k6/metrics';
import { jsonArray, rpc, select, send, type Answer } from './api.ts';
import type { Session } from './auth.ts';
import { isJsonArray, isOk } from './checks.ts';

const DAY_MS = 86_400_000;
const badgeMs = new Trend('cti_badge_count_ms', true);
const healthMs = new Trend('cti_health_check_ms', true);
const dashboardMs = new Trend('cti_dashboard_ms', true);
const iocSearchMs = new Trend('cti_ioc_search_ms', true);
const cveFeedMs = new Trend('cti_cve_feed_ms', true);
const triageMs = new Trend('cti_triage_ms', true);

/** get-new-alert-count.ts: new alerts of the last 24 h, counted exactly, no rows. */
export async function badgeCount({ accessToken }: Session): Promise<void> {
  const since = new Date(Date.now() - DAY_MS).toISOString();
  const answer = await select(
    'enhanced_security_alerts',
    `select=id&status=eq.new&created_at=gte.${encodeURIComponent(since)}&limit=0`,
    { name: 'badge count', token: accessToken, headers: { Prefer: 'count=exact' } },
  );
  badgeMs.add(answer.timings.duration);
  isOk(answer, 'badge count');
}

/** check-service-health.ts: the database and storage probes (auth's is local, realtime's a socket). */
export async function healthChecks({ accessToken }: Session): Promise<void> {
  const started = Date.now();
  const [database, storage] = await Promise.all([
    select('enhanced_security_alerts', 'select=id&limit=1', { name: 'health database', token: accessToken }),
    send('GET', '/storage/v1/bucket', undefined, { name: 'health storage', token: accessToken }),
  ]);
  healthMs.add(Date.now() - started);
  isOk(database, 'health database');
  isOk(storage, 'health storage');
}

/** app/routes/platform/dashboard.tsx: figures, 14-day trend, top 10 malware, 6 newest KEV, exposures. */
export async function dashboard({ accessToken }: Session): Promise<void> {
  const call = (name: string) => ({ name, token: accessToken });
  const started = Date.now();
  const answers: [string, Answer][] = await Promise.all([
    rpc(
      'dashboard_figures',
      {},
      { ...call('dashboard figures'), headers: { Accept: 'application/vnd.pgrst.object+json' } },
    ).then((a): [string, Answer] => ['dashboard figures', a]),
    rpc('alert_trend', { _days: 14 }, call('alert trend')).then((a): [string, Answer] => ['alert trend', a]),
    rpc('top_malware', { _limit: 10 }, call('top malware')).then((a): [string, Answer] => ['top malware', a]),
    select(
      'vulnerabilities',
      'select=cve_id,kev_vendor,kev_product,kev_name,kev_date_added,kev_ransomware_use,epss_score&kev_date_added=not.is.null&order=kev_date_added.desc,cve_id.desc&limit=6',
      call('latest kev'),
    ).then((a): [string, Answer] => ['latest kev', a]),
    rpc('list_exposures', {}, call('exposures')).then((a): [string, Answer] => ['exposures', a]),
  ]);
  dashboardMs.add(Date.now() - started);
  for (const [name, answer] of answers) isOk(answer, name);
}

/** search-indicators.ts: the first page of the IOC list for a search term (active, newest seen). */
export async function iocSearch({ accessToken }: Session, term: string): Promise<void> {
  const answer = await rpc(
    'search_indicators',
    { _revoked: false, _value: term, _sort: 'last_seen', _limit: 200 },
    { name: 'ioc search', token: accessToken },
  );
  iocSearchMs.add(answer.timings.duration);
  isOk(answer, 'ioc search');
  isJsonArray(answer, 'ioc search');
}

/** get-kev-feed.ts: the first page of the KEV feed, newest added first. */
export async function cveFeed({ accessToken }: Session): Promise<void> {
  const answer = await rpc(
    'kev_feed',
    { _ransomware_only: false, _overdue_only: false, _sort: 'date_added', _limit: 200 },
    { name: 'cve feed', token: accessToken },
  );
  cveFeedMs.add(answer.timings.duration);
  isOk(answer, 'cve feed');
  isJsonArray(answer, 'cve feed');
}

const ALERT_COLUMNS =
  'id,title,description,severity,status,category,source,created_at,updated_at,resolved_at,assigned_to,dismissal_reason,indicator_id,cve_id,metadata';

/**
 * list-alerts.ts then update-alerts.ts: the open queue's first page, then the analyst takes one
 * alert (assignment leaves its status alone, so the write can repeat without running out of alerts).
 */
export async function triage(session: Session): Promise<void> {
  const list = await select(
    'enhanced_security_alerts',
    `select=${ALERT_COLUMNS}&status=in.(new,acknowledged,investigating)&order=created_at.desc,id.desc&limit=100`,
    { name: 'alert queue', token: session.accessToken },
  );
  isOk(list, 'alert queue');
  const alerts = jsonArray(list) as { id: string }[];
  if (!alerts.length) return;
  const target = alerts[(__VU * 13 + __ITER) % alerts.length]!;
  const started = Date.now();
  const update = await send(
    'PATCH',
    `/rest/v1/enhanced_security_alerts?id=in.(${target.id})&select=id`,
    { assigned_to: session.userId },
    { name: 'triage update', token: session.accessToken, headers: { Prefer: 'return=representation' } },
  );
  triageMs.add(Date.now() - started);
  isOk(update, 'triage update');
}
