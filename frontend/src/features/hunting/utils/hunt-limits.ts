/**
 * The hunt's limits, named once. The server checks up to 100,000 values per call but its API refuses
 * request bodies over 1 MB, so a hunt travels in slices well under that, two at a time.
 */
export const HUNT_LIMITS = {
  /** What the textarea accepts (the `hunts.query` column holds the same). */
  maxTextBytes: 10 * 1024 * 1024,
  /** Distinct values one hunt checks (`hunt_indicators` refuses more). */
  maxValues: 100_000,
  /** No indicator is longer (`indicators.value` check), so a longer token cannot match. */
  maxValueChars: 8192,
  /** JSON bytes of one `hunt_indicators` request: under the API's 1 MB body limit with room to spare. */
  sliceBytes: 800_000,
  sliceValues: 10_000,
  parallelSlices: 2,
  /** Lines parsed between two pauses that let the browser paint and take input. */
  linesPerChunk: 5_000,
  /** Unrecognised entries listed by name (the rest are counted). */
  unrecognisedSamples: 20,
  /** A saved hunt is one REST insert: its JSON body stays under the 1 MB limit too. */
  saveBytes: 900_000,
  /** Alerts raised from one selection (one call each). */
  maxAlertsAtOnce: 100,
} as const;

/** UTF-8 bytes of `text`, counted without copying it (a paste can be 10 MB). */
export function utf8Length(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length) {
      // A surrogate pair is one 4-byte character.
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

const MB = 1024 * 1024;

/** Why a paste is refused before it is read, or null when it fits. */
export function pasteSizeProblem(text: string): string | null {
  // Every UTF-16 unit is at least one byte, at most three: most texts need no counting.
  if (text.length * 3 <= HUNT_LIMITS.maxTextBytes) return null;
  const bytes = text.length > HUNT_LIMITS.maxTextBytes ? text.length : utf8Length(text);
  if (bytes <= HUNT_LIMITS.maxTextBytes) return null;
  return `This paste is ${(bytes / MB).toFixed(1)} MB; a hunt takes at most ${HUNT_LIMITS.maxTextBytes / MB} MB. Split it into smaller hunts.`;
}
