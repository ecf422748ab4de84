/**
 * Undoes the defanging analysts and feeds apply so a value cannot be clicked (`hxxp`, `[.]`,
 * `(dot)`, `[@]`, …). Only the markers change; every other character stays as received.
 */
const SCHEMES: [RegExp, string][] = [
  [/^h(?:xx|XX|Xx|xX|\*\*)p(s?)(\[?:\]?\/\/)/, 'http$1://'],
  [/^fxp(s?)(\[?:\]?\/\/)/i, 'ftp$1://'],
];
const MARKERS: [RegExp, string][] = [
  [/\[\.\]|\(\.\)|\{\.\}|\[dot\]|\(dot\)|\{dot\}| \[\.\] /gi, '.'],
  [/\[:\/\/\]/g, '://'],
  [/\[:\]/g, ':'],
  [/\[@\]|\(@\)|\[at\]|\(at\)|\{at\}/gi, '@'],
  [/\[\/\]/g, '/'],
];
/** Quotes or brackets around a whole value (copied from prose); only matched pairs are removed. */
const PAIRS: Record<string, string> = { '"': '"', "'": "'", '`': '`', '<': '>', '(': ')' };

function unwrap(value: string): string {
  let v = value;
  while (v.length >= 2 && PAIRS[v[0]!] === v[v.length - 1]) v = v.slice(1, -1).trim();
  return v;
}

export function isDefanged(value: string): boolean {
  return (
    SCHEMES.some(([re]) => re.test(value)) ||
    MARKERS.some(([re]) => new RegExp(re.source, re.flags.replace('g', '')).test(value))
  );
}

export function refang(raw: string): string {
  let value = unwrap(raw.trim());
  // Fast path: nothing to undo in the common, already clean case.
  if (!/[[({]|^[hf][xX*]/i.test(value)) return value;
  for (const [re, replacement] of SCHEMES) value = value.replace(re, replacement);
  for (const [re, replacement] of MARKERS) value = value.replace(re, replacement);
  return value;
}
