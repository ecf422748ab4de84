import { z } from 'zod';
import { toIsoTimestamp } from '../../normalise/index.js';

/**
 * Field rules shared by every kind of record. A record that breaks one is rejected with the
 * field's name and the problem in plain words; the import goes on.
 */

export class RecordRejected extends Error {
  override name = 'RecordRejected';
}

/** Text as received, with the one thing Postgres cannot store refused instead of altered. */
export const text = (max: number) =>
  z
    .string()
    .max(max, `longer than ${max.toLocaleString('en')} characters`)
    .refine((s) => !s.includes('\u0000'), 'contains a NUL character, which cannot be stored');

export const optionalText = (max: number) => text(max).optional();
export const textList = (maxItems: number, maxLength: number) =>
  z.array(text(maxLength)).max(maxItems, `more than ${maxItems} items`).default([]);
export const confidence = z.number().int().min(0).max(100).optional();

/** Parses with the schema or throws RecordRejected naming the first broken field. */
export function parseOrReject<T>(schema: z.ZodType<T>, value: unknown): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const issue = result.error.issues[0]!;
  const field = issue.path.length ? issue.path.join('.') : 'record';
  throw new RecordRejected(`${field}: ${issue.message}`);
}

/**
 * A timestamp field: canonical UTC ISO text, or undefined when absent. `allowFuture` is for
 * validity ends (valid_until); seen-dates and versions in the future are refused.
 */
export function timestamp(field: string, raw: unknown, allowFuture = false): string | undefined {
  if (raw === undefined || raw === null || raw === '') return undefined;
  if (typeof raw !== 'string' && typeof raw !== 'number') throw new RecordRejected(`${field}: not a date`);
  if (allowFuture) {
    const parsed = new Date(typeof raw === 'number' ? raw * 1000 : raw);
    if (!Number.isNaN(parsed.getTime()) && parsed.getUTCFullYear() < 10000) return parsed.toISOString();
  }
  const result = toIsoTimestamp(raw);
  if (!result.ok) throw new RecordRejected(`${field}: ${result.reason}`);
  return result.value;
}

const DAY_MS = 86_400_000;

/** A date-only field (YYYY-MM-DD); more than a day ahead is refused unless `allowFuture`. */
export function isoDate(field: string, raw: string | undefined, allowFuture = false): string | undefined {
  if (raw === undefined || raw === '') return undefined;
  const time = Date.parse(`${raw}T00:00:00Z`);
  if (!/^\d{4}-\d{2}-\d{2}$/.test(raw) || Number.isNaN(time))
    throw new RecordRejected(`${field}: not a date (YYYY-MM-DD): "${raw.slice(0, 40)}"`);
  if (!allowFuture && time > Date.now() + DAY_MS)
    throw new RecordRejected(`${field}: date in the future: ${raw}`);
  return raw;
}
