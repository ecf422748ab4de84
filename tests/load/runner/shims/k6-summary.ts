/** The jslib `k6-summary` helper scripts import for handleSummary: k6's text summary. */
import { textSummary as render } from '../summary-text.js';
import type { SummaryData } from '../summary-data.js';

export function textSummary(
  data: SummaryData,
  options?: { indent?: string; enableColors?: boolean },
): string {
  return render(data, options);
}

export function jUnit(): string {
  throw new Error('jUnit output is not supported by the Node runner');
}
