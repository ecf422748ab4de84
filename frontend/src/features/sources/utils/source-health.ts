/**
 * The server's verdict on a source (source_overview.health) as people read it: a word, a colour, an
 * icon and a sentence, so a failing source stands out without relying on colour alone.
 */
import type { IconType } from 'react-icons';
import {
  LuCircleCheck,
  LuCircleOff,
  LuCircleX,
  LuClockAlert,
  LuHourglass,
  LuTriangleAlert,
} from 'react-icons/lu';
import type { SourceHealth, SourceOverview } from '@/features/sources/api/get-source-overview';
import { ageText, scheduleText } from './source-text';

interface HealthLook {
  label: string;
  palette: string;
  icon: IconType;
  /** Needs someone to look at it. */
  attention: boolean;
  /** Ordering in the list: what needs attention first. */
  rank: number;
}

export const HEALTH: Record<SourceHealth, HealthLook> = {
  failed: { label: 'Failing', palette: 'red', icon: LuCircleX, attention: true, rank: 0 },
  never_succeeded: {
    label: 'Never succeeded',
    palette: 'red',
    icon: LuTriangleAlert,
    attention: true,
    rank: 1,
  },
  overdue: { label: 'Overdue', palette: 'orange', icon: LuClockAlert, attention: true, rank: 2 },
  pending: { label: 'First import', palette: 'blue', icon: LuHourglass, attention: false, rank: 3 },
  healthy: { label: 'Healthy', palette: 'green', icon: LuCircleCheck, attention: false, rank: 4 },
  disabled: { label: 'Disabled', palette: 'gray', icon: LuCircleOff, attention: false, rank: 5 },
};

/** An unknown verdict (a newer server) reads as needing attention rather than as healthy. */
export function healthLook(health: string): HealthLook {
  return HEALTH[health as SourceHealth] ?? { ...HEALTH.failed, label: health };
}

/** One sentence on why the source has its verdict. */
export function healthReason(source: SourceOverview, now = Date.now()): string {
  switch (source.health) {
    case 'failed':
      return `Its latest finished import failed; ${
        source.last_success_at
          ? `the last success was ${ageText(source.last_success_at, now)}`
          : 'none has ever succeeded'
      }.`;
    case 'never_succeeded':
      return 'It is enabled, but no import of it has succeeded yet.';
    case 'overdue':
      return `Its sync (${scheduleText(source.sync_interval_seconds).toLowerCase()}) was due ${
        source.next_sync_at ? ageText(source.next_sync_at, now) : 'long ago'
      }: is the importer's worker running?`;
    case 'pending':
      return 'Its first import is under way.';
    case 'disabled':
      return 'Disabled: no scheduled syncs.';
    case 'healthy':
      return source.last_success_at
        ? `The last import succeeded ${ageText(source.last_success_at, now)}.`
        : 'Nothing to report.';
  }
}

export function needsAttention(source: Pick<SourceOverview, 'health'>): boolean {
  return healthLook(source.health).attention;
}

/** What needs attention first, then by name (the server's order). */
export function byAttention(a: SourceOverview, b: SourceOverview): number {
  return healthLook(a.health).rank - healthLook(b.health).rank || a.name.localeCompare(b.name);
}
