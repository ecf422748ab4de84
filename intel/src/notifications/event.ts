/** One captured event as the database stores it (notification_deliveries.event), plus its link. */
export interface NotificationEvent {
  kind: string;
  id: string | number;
  title: string;
  severity?: string | null;
  tlp: string;
  occurred_at: string;
  /** Path into the app, e.g. /platform/threat-intelligence-hub?alert=<id>. */
  path: string;
  rule?: string;
  [detail: string]: unknown;
}

/** The Standard Webhooks event type of each kind ("hierarchical, full-stop delimited"). */
export const EVENT_TYPES: Record<string, string> = {
  alert: 'alert.created',
  kev_asset: 'kev_asset.detected',
  watch_hit: 'watch_hit.detected',
  import_failed: 'import.failed',
  saved_view: 'saved_view.matched',
  test: 'test.sent',
};

/** The app link of an event: the app's base URL (no trailing slash) and the event's path. */
export function eventUrl(appUrl: string, event: NotificationEvent): string {
  return `${appUrl.replace(/\/+$/, '')}${event.path.startsWith('/') ? event.path : `/${event.path}`}`;
}

const LABELS: Record<string, string> = {
  alert: 'Alert',
  kev_asset: 'Known exploited vulnerability on an asset',
  watch_hit: 'Watch hit',
  import_failed: 'Import failed',
  saved_view: 'New results in a saved view',
  test: 'Test',
};

/** A one-line plain-text summary: "[HIGH] Alert: <title>". */
export function eventHeadline(event: NotificationEvent): string {
  const severity = event.severity ? `[${String(event.severity).toUpperCase()}] ` : '';
  return `${severity}${LABELS[event.kind] ?? event.kind}: ${oneLine(event.title)}`;
}

/** The details worth listing, as label → text (only present values). */
export function eventFacts(event: NotificationEvent): [string, string][] {
  const facts: [string, unknown][] = [
    ['Severity', event.severity],
    ['TLP', `TLP:${event.tlp.toUpperCase()}`],
    ['When', event.occurred_at],
    ['Rule', event.rule],
    ['CVE', event.cve],
    ['Source', event.source],
    ['Error', event.error],
    ['New results', event.count],
    ['Values', Array.isArray(event.values) ? event.values.join(', ') : undefined],
    ['Left out (above the TLP ceiling)', event.left_out_above_tlp || undefined],
    ['Left out (PAP:AMBER or above: may not leave the platform)', event.left_out_pap || undefined],
  ];
  return facts
    .filter(
      (fact): fact is [string, string | number] =>
        fact[1] !== undefined && fact[1] !== null && fact[1] !== '',
    )
    .map(([label, value]) => [label, oneLine(String(value)).slice(0, 500)]);
}

/** Hostile text on one line (no CR/LF/control characters), at most 300 characters. */
export function oneLine(text: string): string {
  // eslint-disable-next-line no-control-regex -- control characters are what is removed
  return text.replace(/[\u0000-\u001f\u007f]+/g, ' ').slice(0, 300);
}
