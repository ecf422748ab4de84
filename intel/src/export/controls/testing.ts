import type { IndicatorType } from '../../model/drafts.js';
import type { ControlRow } from './control-rows.js';
import { PageOutput, type ControlWriter, emptySummary } from './shared.js';

export const AT = new Date('2026-12-01T07:00:00Z');

/** A candidate row as the server returns it, exported unless told otherwise. */
export function row(type: IndicatorType, value: string, extra: Partial<ControlRow> = {}): ControlRow {
  return {
    type,
    value,
    verdict: null,
    score: 80,
    tlp: 'amber',
    confidence: 80,
    stixId: 'indicator--00000000-0000-4000-8000-000000000001',
    name: null,
    description: '',
    labels: [],
    validFrom: null,
    modified: AT,
    sources: ['abuse.ch Feodo Tracker'],
    reference: null,
    ...extra,
  };
}

/** What the runner does with rows in the writer's type order (the header aside). */
export function render(writer: ControlWriter, rows: ControlRow[]): { text: string; out: PageOutput } {
  const out = new PageOutput();
  for (const type of writer.types) {
    const ofType = rows.filter((r) => r.type === type && !writer.unwritable?.(r));
    for (const r of ofType) writer.row(r, out);
    writer.endType?.(type, ofType.length, out);
  }
  writer.end?.(out);
  const summary = emptySummary('x', AT, { types: null, sources: [], maxTlp: 'amber', minScore: 0 });
  return { text: (writer.preamble?.(summary) ?? '') + out.main, out };
}
