import { describe, expect, it } from 'vitest';
import type { SourceOverview } from '@/features/sources/api/get-source-overview';
import { byAttention, healthLook, healthReason, needsAttention } from './source-health';
import { ageText, durationText, runInput, runTrigger, scheduleText } from './source-text';

const NOW = Date.parse('2026-03-11T12:00:00Z');

describe('how sources read', () => {
  it('says a schedule in whole units', () => {
    expect(scheduleText(null)).toBe('On demand');
    expect(scheduleText(3_600)).toBe('Every hour');
    expect(scheduleText(604_800)).toBe('Every 7 days');
    expect(scheduleText(1_800)).toBe('Every 30 minutes');
    expect(scheduleText(5_400)).toBe('Every 90 minutes');
  });

  it('says an age, past or future, in its largest unit', () => {
    expect(ageText('2026-03-11T11:59:30Z', NOW)).toBe('just now');
    expect(ageText('2026-03-11T11:15:00Z', NOW)).toBe('45 min ago');
    expect(ageText('2026-03-11T09:00:00Z', NOW)).toBe('3 h ago');
    expect(ageText('2026-03-08T12:00:00Z', NOW)).toBe('3 d ago');
    expect(ageText('2026-03-11T14:00:00Z', NOW)).toBe('in 2 h');
  });

  it('says how long a run took, and nothing for one still going', () => {
    expect(durationText('2026-03-11T12:00:00Z', '2026-03-11T12:00:02.5Z')).toBe('2.5 s');
    expect(durationText('2026-03-11T12:00:00Z', '2026-03-11T12:00:42Z')).toBe('42 s');
    expect(durationText('2026-03-11T12:00:00Z', '2026-03-11T12:03:05Z')).toBe('3 min 5 s');
    expect(durationText('2026-03-11T12:00:00Z', '2026-03-11T13:02:00Z')).toBe('1 h 2 min');
    expect(durationText('2026-03-11T12:00:00Z', null)).toBeNull();
  });

  it('says what started a run and shows an upload by its file name', () => {
    const upload = { bucket: 'intel-uploads', object: 'u/x/feed.csv' };
    expect(runTrigger({ upload, requested_by: 'u' })).toBe('File upload');
    expect(runTrigger({ upload: null, requested_by: 'u' })).toBe('Sync from the app');
    expect(runTrigger({ upload: null, requested_by: null })).toBe('Schedule or CLI');
    expect(runInput({ upload, input: 'u/x/feed.csv' })).toBe('feed.csv');
    expect(runInput({ upload: null, input: 'https://feed.example/a/b.csv' })).toBe(
      'https://feed.example/a/b.csv',
    );
  });
});

describe('the health verdict', () => {
  const source = (health: string, fields: Partial<SourceOverview> = {}) =>
    ({ name: health, health, sync_interval_seconds: 3_600, ...fields }) as SourceOverview;

  it('puts what needs attention first, and treats an unknown verdict as needing it', () => {
    const sorted = ['healthy', 'disabled', 'overdue', 'failed', 'pending', 'never_succeeded']
      .map((health) => source(health))
      .sort(byAttention)
      .map((row) => row.health);
    expect(sorted).toEqual(['failed', 'never_succeeded', 'overdue', 'pending', 'healthy', 'disabled']);
    expect(['failed', 'never_succeeded', 'overdue'].map((h) => needsAttention(source(h)))).toEqual([
      true,
      true,
      true,
    ]);
    expect(needsAttention(source('healthy'))).toBe(false);
    expect(healthLook('exploded')).toMatchObject({ label: 'exploded', attention: true });
  });

  it('explains each verdict in a sentence', () => {
    expect(healthReason(source('failed'), NOW)).toBe(
      'Its latest finished import failed; none has ever succeeded.',
    );
    expect(healthReason(source('overdue', { next_sync_at: '2026-03-11T09:00:00Z' }), NOW)).toBe(
      "Its sync (every hour) was due 3 h ago: is the importer's worker running?",
    );
    expect(healthReason(source('healthy', { last_success_at: '2026-03-11T11:00:00Z' }), NOW)).toBe(
      'The last import succeeded 1 h ago.',
    );
  });
});
