import { describe, expect, it } from 'vitest';
import { actorSentence } from './attribution';
import { briefingCharts } from './briefing-charts';
import { briefingSummaryFixture as summary, threatFixture as threat } from './briefing-summary.fixture';
import { originNote, spokenName } from './origin';
import { malwareSentence } from './sentences';

const planted = {
  ...threat('Night Owl', 4, 0, 0, {
    attribution: { confidence: 'moderate', evidence: 'direct', count: 4, viaSoftware: [] },
  }),
  type: 'threat-actor',
  sources: [],
  byAnalyst: true,
};
const emotet = { ...threat('Emotet', 3), sources: ['abuse.ch ThreatFox', 'MISP'] };

describe('where the named families and actors come from', () => {
  it('names the sources of an imported family, and an analyst’s entry as such', () => {
    expect(originNote(emotet)).toBe('from abuse.ch ThreatFox and MISP');
    expect(originNote(planted)).toBe('an analyst’s entry');
    expect(originNote({ ...planted, sources: ['MISP'] })).toBe('an analyst’s entry (also from MISP)');
    expect(originNote({ ...emotet, sources: [] })).toBe('no source recorded');
  });

  it('says it under every bar of the malware and actor charts (page and PDF)', () => {
    const charts = briefingCharts(summary({ malware: [emotet], actors: [planted] }));
    expect(charts.find((c) => c.key === 'malware')!.bars[0]!.note).toBe('from abuse.ch ThreatFox and MISP');
    expect(charts.find((c) => c.key === 'actors')!.bars[0]!.note).toBe(
      'an analyst’s entry; moderate confidence: 4 direct links to Night Owl',
    );
  });

  it('marks an analyst’s entry wherever a sentence names it', () => {
    expect(spokenName(planted)).toBe('Night Owl (an analyst’s entry)');
    expect(actorSentence(summary({ actors: [planted] }))).toBe(
      '4 alerts are most likely linked to Night Owl (an analyst’s entry; moderate confidence: 4 direct links to Night Owl).',
    );
    const family = { ...threat('Homebrew', 2), byAnalyst: true, sources: [] };
    expect(malwareSentence(summary({ malware: [family] }))).toMatch(/was Homebrew \(an analyst’s entry\)/);
  });
});
