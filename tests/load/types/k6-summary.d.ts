/** grafana's jslib summary helper (loaded by URL in k6; the Node runner maps it to its own). */
declare module 'https://jslib.k6.io/k6-summary/0.1.0/index.js' {
  export function textSummary(data: object, options?: { indent?: string; enableColors?: boolean }): string;
}
