/** The checks every scenario uses, named the same everywhere so the summary lines up. */
import { check } from 'k6';
import type { Answer } from './api.ts';

export function isOk(answer: Answer, what: string): boolean {
  return check(answer, { [`${what}: status 2xx`]: (a) => a.status >= 200 && a.status < 300 });
}

export function isStatus(answer: Answer, what: string, statuses: number[]): boolean {
  return check(answer, { [`${what}: status ${statuses.join(' or ')}`]: (a) => statuses.includes(a.status) });
}

export function isJsonArray(answer: Answer, what: string): boolean {
  return check(answer, {
    [`${what}: a JSON array`]: (a) => {
      try {
        return Array.isArray(a.json());
      } catch {
        return false;
      }
    },
  });
}
