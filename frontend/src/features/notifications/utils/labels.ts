/** Words the notification screens show for the server's enums. */
export const CHANNEL_KINDS = [
  { value: 'webhook', label: 'Webhook', target: 'https://receiver.example.org/cti' },
  { value: 'email', label: 'E-mail', target: 'soc@example.org' },
  { value: 'slack', label: 'Slack', target: 'https://hooks.slack.com/services/…' },
  { value: 'mattermost', label: 'Mattermost', target: 'https://mattermost.example.org/hooks/…' },
  { value: 'teams', label: 'Microsoft Teams', target: 'https://….webhook.office.com/…' },
] as const;

export const EVENT_KINDS = [
  { value: 'alert', label: 'New alert' },
  { value: 'kev_asset', label: 'Known exploited vulnerability on an asset' },
  { value: 'watch_hit', label: 'Brand or leak watch hit' },
  { value: 'import_failed', label: 'Failed import' },
] as const;

export const SEVERITIES = ['low', 'medium', 'high', 'critical'] as const;

export const DIGESTS = [
  { value: 'none', label: 'Each event at once' },
  { value: 'daily', label: 'Daily digest' },
  { value: 'weekly', label: 'Weekly digest (Mondays)' },
] as const;

export function digestLabel(digest: string): string {
  return DIGESTS.find((d) => d.value === digest)?.label ?? digest;
}
export const CHANNEL_TLPS = ['clear', 'green', 'amber', 'amber+strict', 'red'] as const;

export function kindLabel(kind: string): string {
  return CHANNEL_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

export function eventLabel(kind: string): string {
  if (kind === 'saved_view') return 'New results in a saved view';
  if (kind === 'test') return 'Test';
  if (kind === 'digest') return 'Digest';
  return EVENT_KINDS.find((k) => k.value === kind)?.label ?? kind;
}

/** Semantic colour of a delivery's status. */
export function statusPalette(status: string): string {
  return (
    { delivered: 'green', retrying: 'orange', dead: 'red', skipped: 'gray', pending: 'blue' }[status] ??
    'gray'
  );
}
