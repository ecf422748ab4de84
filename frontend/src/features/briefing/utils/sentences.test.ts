import { describe, expect, it } from 'vitest';
import type { KevEntry } from './briefing-summary';
import { briefingSummaryFixture as summary, threatFixture as threat } from './briefing-summary.fixture';
import { trendOf } from './trend';
import {
  alertSentence,
  briefingSentences,
  exposureSentence,
  kevSentence,
  malwareSentence,
  statusSentence,
} from './sentences';

const entry = (cveId: string): KevEntry => ({
  cveId,
  name: null,
  dateAdded: '2026-11-20',
  dueDate: null,
  ransomware: false,
  assets: ['vpn.example'],
});

describe('the alert sentence', () => {
  it('reads the example: fewer than before, some critical', () => {
    expect(alertSentence(summary({ alerts: [12, 16], critical: 3 }))).toBe(
      '12 alerts were raised in the last 30 days, 4 fewer than in the 30 days before; 3 were critical.',
    );
  });

  it('says nothing happened, as before', () => {
    expect(alertSentence(summary({ alerts: [0, 0] }))).toBe(
      'No alerts were raised in the last 30 days, as in the 30 days before.',
    );
  });

  it('nothing now, something before', () => {
    expect(alertSentence(summary({ days: 90, alerts: [0, 3] }))).toBe(
      'No alerts were raised in the last 90 days, against 3 in the 90 days before.',
    );
  });

  it('one alert, none before, and it was critical', () => {
    expect(alertSentence(summary({ days: 7, alerts: [1, 0], critical: 1 }))).toBe(
      '1 alert was raised in the last 7 days, against none in the 7 days before; it was critical.',
    );
    expect(alertSentence(summary({ days: 7, alerts: [1, 0] }))).toBe(
      '1 alert was raised in the last 7 days, against none in the 7 days before; it was not critical.',
    );
  });

  it('more than before, one critical, or none, or all', () => {
    expect(alertSentence(summary({ alerts: [5, 3], critical: 1 }))).toBe(
      '5 alerts were raised in the last 30 days, 2 more than in the 30 days before; 1 was critical.',
    );
    expect(alertSentence(summary({ alerts: [5, 3] }))).toMatch(/; none was critical\.$/);
    expect(alertSentence(summary({ alerts: [5, 3], critical: 5 }))).toMatch(/; all were critical\.$/);
    expect(alertSentence(summary({ alerts: [2, 3], critical: 2 }))).toBe(
      '2 alerts were raised in the last 30 days, 1 fewer than in the 30 days before; both were critical.',
    );
  });

  it('the same number as before, with thousands separated', () => {
    expect(alertSentence(summary({ alerts: [1204, 1204], critical: 10 }))).toBe(
      '1,204 alerts were raised in the last 30 days, the same number as in the 30 days before; 10 were critical.',
    );
  });
});

describe('the status sentence', () => {
  it('is left out when nothing was raised', () => {
    expect(statusSentence(summary({}))).toBeNull();
  });

  it('one alert, two alerts, many in one status', () => {
    expect(statusSentence(summary({ alerts: [1, 0], byStatus: { new: 1 } }))).toBe('It is new.');
    expect(statusSentence(summary({ alerts: [2, 0], byStatus: { resolved: 2 } }))).toBe(
      'Both have been resolved.',
    );
    expect(statusSentence(summary({ alerts: [7, 0], byStatus: { investigating: 7 } }))).toBe(
      'All of them are under investigation.',
    );
  });

  it('several statuses in workflow order, singular and plural', () => {
    expect(
      statusSentence(
        summary({ alerts: [11, 0], byStatus: { new: 3, investigating: 1, resolved: 6, dismissed: 1 } }),
      ),
    ).toBe('Of these, 3 are new, 1 is under investigation, 6 have been resolved and 1 has been dismissed.');
    expect(statusSentence(summary({ alerts: [2, 0], byStatus: { acknowledged: 1, new: 1 } }))).toBe(
      'Of these, 1 is new and 1 has been acknowledged.',
    );
  });
});

describe('the threat sentences', () => {
  it('no malware, one family, a family followed by two', () => {
    expect(malwareSentence(summary({}))).toBe(
      'No known malware family was linked to alerts, sightings or new indicators in the last 30 days.',
    );
    expect(malwareSentence(summary({ malware: [threat('Emotet', 1, 0, 0)] }))).toBe(
      'The most active malware family in the last 30 days was Emotet (1 alert).',
    );
    expect(
      malwareSentence(
        summary({
          malware: [
            threat('ClearFake', 26, 41, 360),
            threat('Cobalt Strike', 4),
            threat('IClickFix', 3),
            threat('Other', 1),
          ],
        }),
      ),
    ).toBe(
      'The most active malware family in the last 30 days was ClearFake (26 alerts, 41 sightings and 360 new indicators), followed by Cobalt Strike and IClickFix.',
    );
    expect(malwareSentence(summary({ malware: [threat('Mirai', 0, 1, 1)] }))).toContain(
      '(1 sighting and 1 new indicator)',
    );
  });
});

describe('the KEV sentences', () => {
  it('nothing added, as before', () => {
    expect(kevSentence(summary({}))).toBe(
      'No entries were added to the CISA KEV catalogue in the last 30 days, as in the 30 days before.',
    );
  });

  it('one entry that does not touch us, several that do', () => {
    expect(kevSentence(summary({ days: 7, kev: { added: trendOf(1, 3) } }))).toBe(
      '1 entry was added to the CISA KEV catalogue in the last 7 days, 2 fewer than in the 7 days before; it does not affect our assets.',
    );
    expect(kevSentence(summary({ kev: { added: trendOf(1, 0), newExposures: [entry('CVE-2026-1')] } }))).toBe(
      '1 entry was added to the CISA KEV catalogue in the last 30 days, against none in the 30 days before; it affects our assets (CVE-2026-1).',
    );
    expect(kevSentence(summary({ kev: { added: trendOf(14, 11) } }))).toMatch(
      /; none of them affects our assets\.$/,
    );
    expect(
      kevSentence(summary({ kev: { added: trendOf(14, 11), newExposures: [entry('CVE-2026-1')] } })),
    ).toMatch(/; 1 of them affects our assets: CVE-2026-1\.$/);
    const five = ['CVE-2026-1', 'CVE-2026-2', 'CVE-2026-3', 'CVE-2026-4', 'CVE-2026-5'].map(entry);
    expect(kevSentence(summary({ kev: { added: trendOf(14, 14), newExposures: five } }))).toBe(
      '14 entries were added to the CISA KEV catalogue in the last 30 days, the same number as in the 30 days before; 5 of them affect our assets: CVE-2026-1, CVE-2026-2, CVE-2026-3 and 2 more.',
    );
  });

  it("today's exposure: none, one, several", () => {
    expect(exposureSentence(summary({}))).toBe('Today no asset in the inventory is exposed to a KEV entry.');
    expect(exposureSentence(summary({ kev: { exposedAssets: 1, exposingEntries: 1, pastDue: 1 } }))).toBe(
      'Today 1 asset is exposed to 1 KEV entry; it is past its CISA due date.',
    );
    expect(exposureSentence(summary({ kev: { exposedAssets: 3, exposingEntries: 2 } }))).toBe(
      'Today 3 assets are exposed to 2 KEV entries.',
    );
    expect(
      exposureSentence(
        summary({ kev: { exposedAssets: 7, exposingEntries: 12, pastDue: 12, ransomware: 1 } }),
      ),
    ).toBe(
      'Today 7 assets are exposed to 12 KEV entries; all of them are past their CISA due date and 1 of them is known to be used in ransomware campaigns.',
    );
  });
});

it('puts the sentences in reading order, leaving out what has nothing to say', () => {
  const sentences = briefingSentences(summary({}));
  expect(sentences).toHaveLength(5);
  expect(sentences[0]).toMatch(/^No alerts/);
  expect(briefingSentences(summary({ alerts: [1, 1], byStatus: { new: 1 } }))[1]).toBe('It is new.');
});
