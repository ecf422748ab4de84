import { writeFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { BriefingSummary } from '@/features/briefing/utils/briefing-summary';
import { briefingDocument } from '@/features/briefing/utils/briefing-document';
import { trendOf } from '@/features/briefing/utils/trend';
import { createBriefingPdf } from './briefing-pdf';

const NOW = new Date('2026-11-25T18:05:00Z');

function summary(threats = 5): BriefingSummary {
  const threat = (index: number) => ({
    stixId: `malware--${index}`,
    type: 'malware',
    name: `Family ${index} «Zérø» 测试`,
    sources: ['Feed'],
    byAnalyst: false,
    tlp: 'clear' as const,
    alerts: trendOf(30 - index, 3),
    sightings: trendOf(10, 10),
    newIndicators: trendOf(100, 0),
    usedByActors: index < 10 ? index * 10 : null,
    shared: index < 10 && index * 10 > 3,
    attribution:
      index < 10
        ? null
        : { confidence: 'moderate' as const, evidence: 'reports' as const, count: 3, viaSoftware: [] },
  });
  return {
    days: 30,
    alerts: {
      total: trendOf(12, 16),
      bySeverity: { critical: trendOf(3, 1), high: trendOf(5, 9), medium: trendOf(4, 6), low: trendOf(0, 0) },
      byStatus: { new: 3, acknowledged: 1, investigating: 2, resolved: 5, dismissed: 1 },
      open: 6,
    },
    malware: Array.from({ length: threats }, (_, index) => threat(index)),
    actors: Array.from({ length: threats }, (_, index) => threat(index + 10)),
    kev: {
      added: trendOf(14, 11),
      addedExposing: trendOf(2, 0),
      newExposures: [
        {
          cveId: 'CVE-2026-1001',
          name: 'Acme Gateway RCE',
          dateAdded: '2026-11-20',
          dueDate: '2026-12-11',
          ransomware: true,
          assets: ['vpn.corp.example'],
        },
      ],
      exposing: [],
      exposedAssets: 1,
      exposingEntries: 1,
      pastDue: 0,
      ransomware: 1,
    },
    highestTlp: 'clear',
  };
}

describe('the briefing PDF', () => {
  it('fits the demo-sized briefing on one page, marked top and bottom', () => {
    const briefing = briefingDocument(summary(), 'amber', { asOf: NOW, generated: NOW });
    const doc = createBriefingPdf(briefing, { compress: false });
    if (process.env.BRIEFING_PDF_OUT)
      writeFileSync(process.env.BRIEFING_PDF_OUT, Buffer.from(doc.output('arraybuffer')));
    expect(doc.getNumberOfPages()).toBe(1);
    const content = doc.output();
    expect(content.match(/\(TLP:AMBER\) Tj/g)).toHaveLength(2);
    expect(content).toContain('(Executive Briefing) Tj');
    expect(content).toContain('/Title (Executive Briefing \\(TLP:AMBER\\))');
  });

  it('says where each actor comes from and why it is named, under its chart', () => {
    const briefing = briefingDocument(summary(), 'clear', { asOf: NOW, generated: NOW });
    const content = createBriefingPdf(briefing, { compress: false }).output();
    expect(content.match(/: from Feed; moderate confidence: 3 indicators/g)).toHaveLength(5);
  });

  it('marks every page when the briefing runs longer', () => {
    const long = summary();
    const briefing = briefingDocument(long, 'red', { asOf: NOW, generated: NOW });
    briefing.sentences = Array.from({ length: 30 }, (_, index) => `Sentence ${index} `.repeat(30));
    const doc = createBriefingPdf(briefing, { compress: false });
    expect(doc.getNumberOfPages()).toBeGreaterThan(1);
    expect(doc.output().match(/\(TLP:RED\) Tj/g)).toHaveLength(2 * doc.getNumberOfPages());
  });
});
