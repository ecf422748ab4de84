/** handleSummary for every scenario: k6's text summary on stdout and the data in summary.json. */
import { textSummary } from 'https://jslib.k6.io/k6-summary/0.1.0/index.js';
import { SUMMARY_DIR } from './env.ts';

interface Data {
  state?: { isStdOutTTY?: boolean };
}

export function summaryOutputs(data: object): Record<string, string> {
  const colors = Boolean((data as Data).state?.isStdOutTTY) && !__ENV.NO_COLOR;
  return {
    stdout: textSummary(data, { indent: ' ', enableColors: colors }),
    [`${SUMMARY_DIR}/summary.json`]: JSON.stringify(data, null, 2),
  };
}
