/**
 * A pasted hunt read as the importers read feeds: one value per line, also split on commas, spaces and
 * semicolons (lists arrive from spreadsheets and chat); `#` and `//` start a comment; defanged values
 * refanged; each value's type detected and its canonical text taken, so `hxxp://Evil[.]com` and
 * `http://evil.com/` are the same value and fold into one.
 */
import { readIndicator, type IndicatorType } from '@/lib/intel/indicator-input';
import { HUNT_LIMITS, pasteSizeProblem } from './hunt-limits';

export interface HuntValue {
  type: IndicatorType;
  value: string;
}

export interface UnrecognisedEntry {
  line: number;
  text: string;
  reason: string;
}

export interface ParsedHunt {
  /** Distinct values in the order first met, at most HUNT_LIMITS.maxValues. */
  values: HuntValue[];
  byType: Partial<Record<IndicatorType, number>>;
  duplicates: number;
  unrecognised: number;
  /** The first few unrecognised entries, with the reason. */
  unrecognisedSamples: UnrecognisedEntry[];
  /** Distinct values beyond the limit were met (the hunt is refused, not cut short). */
  overLimit: boolean;
}

export class PasteTooLargeError extends Error {}

const SEPARATORS = /[\s,;]+/;
const SAMPLE_CHARS = 200;

function isComment(token: string): boolean {
  return token.startsWith('#') || token.startsWith('//');
}

function reader() {
  const seen = new Set<string>();
  const parsed: ParsedHunt = {
    values: [],
    byType: {},
    duplicates: 0,
    unrecognised: 0,
    unrecognisedSamples: [],
    overLimit: false,
  };
  const reject = (line: number, text: string, reason: string) => {
    parsed.unrecognised += 1;
    if (parsed.unrecognisedSamples.length < HUNT_LIMITS.unrecognisedSamples)
      parsed.unrecognisedSamples.push({ line, text: text.slice(0, SAMPLE_CHARS), reason });
  };
  const readToken = (line: number, token: string) => {
    if (token.length > HUNT_LIMITS.maxValueChars) {
      reject(line, token, `Longer than ${HUNT_LIMITS.maxValueChars} characters: no indicator is that long.`);
      return;
    }
    const read = readIndicator(token);
    if (!read.ok) {
      reject(line, token, read.reason);
      return;
    }
    const key = `${read.type} ${read.value}`;
    if (seen.has(key)) {
      parsed.duplicates += 1;
      return;
    }
    if (parsed.values.length >= HUNT_LIMITS.maxValues) {
      parsed.overLimit = true;
      return;
    }
    seen.add(key);
    parsed.values.push({ type: read.type, value: read.value });
    parsed.byType[read.type] = (parsed.byType[read.type] ?? 0) + 1;
  };
  const readLine = (line: number, text: string) => {
    for (const token of text.split(SEPARATORS)) {
      if (!token) continue;
      if (isComment(token)) return;
      readToken(line, token);
    }
  };
  return { readLine, parsed };
}

/** Reads `linesPerChunk` lines per step, so a caller can pause between steps. */
function* parseSteps(text: string, linesPerChunk: number): Generator<void, ParsedHunt> {
  const problem = pasteSizeProblem(text);
  if (problem) throw new PasteTooLargeError(problem);
  const { readLine, parsed } = reader();
  let start = 0;
  let line = 0;
  while (start <= text.length) {
    for (let n = 0; n < linesPerChunk && start <= text.length; n++) {
      const newline = text.indexOf('\n', start);
      const end = newline === -1 ? text.length : newline;
      readLine(++line, text.slice(start, end));
      start = end + 1;
    }
    if (start <= text.length) yield;
  }
  return parsed;
}

export function parseHuntText(text: string, linesPerChunk = HUNT_LIMITS.linesPerChunk): ParsedHunt {
  const steps = parseSteps(text, linesPerChunk);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
  }
}

const pause = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

/** The same reading, pausing between chunks so a 10 MB paste never freezes the tab. */
export async function parseHuntTextInChunks(
  text: string,
  {
    signal,
    linesPerChunk = HUNT_LIMITS.linesPerChunk,
  }: { signal?: AbortSignal; linesPerChunk?: number } = {},
): Promise<ParsedHunt> {
  const steps = parseSteps(text, linesPerChunk);
  for (;;) {
    const step = steps.next();
    if (step.done) return step.value;
    await pause();
    signal?.throwIfAborted();
  }
}
