/**
 * The text a saved hunt keeps. As pasted (comments and defanging included) when it fits one request;
 * a larger paste is kept as its canonical values, one per line, which reads back to the same hunt.
 */
import { HUNT_LIMITS, utf8Length } from './hunt-limits';
import type { ParsedHunt } from './parse-hunt-text';

/** What the save form keeps: the text, its reading, and the run just made of this very text. */
export interface HuntDraft {
  text: string;
  parsed: ParsedHunt;
  lastRun?: { at: string; matched: number };
}

export type SavedHuntText = { ok: true; text: string; compacted: boolean } | { ok: false; reason: string };

/** The request carries the text as a JSON string, where quotes, backslashes and controls grow. */
const fits = (text: string) => utf8Length(JSON.stringify(text)) <= HUNT_LIMITS.saveBytes;

export function savedHuntText(text: string, parsed: ParsedHunt): SavedHuntText {
  if (fits(text)) return { ok: true, text, compacted: false };
  const compact = [
    `# ${parsed.values.length} values, kept canonical: the pasted text was too large to save as written.`,
    ...parsed.values.map((item) => item.value),
  ].join('\n');
  if (fits(compact)) return { ok: true, text: compact, compacted: true };
  return {
    ok: false,
    reason: `This hunt is too large to save (${parsed.values.length} values). Save it as several smaller hunts.`,
  };
}
