/**
 * What of a pasted report may name a known entity: runs of one to four words (lower-case, as the
 * database's lookup_names keeps names and aliases) and ATT&CK ids (techniques T1059 and
 * sub-techniques T1059.001, groups G0007, software S0154, campaigns C0001). The database says which
 * are known (match_known_entities).
 */
export const MAX_CANDIDATES = 100_000;
const ATTACK_ID = /\b(?:T\d{4}(?:\.\d{3})?|[GSC]\d{4})\b/gi;

export function attackIds(text: string): string[] {
  return [...new Set([...text.matchAll(ATTACK_ID)].map((match) => match[0].toUpperCase()))];
}

export function nameCandidates(text: string, maxWords = 4): string[] {
  // Words keep inner hyphens, dots and underscores (APT-C-23, Cobalt.Strike); other marks split.
  const words = text
    .toLowerCase()
    .split(/[^\p{L}\p{N}._-]+/u)
    .map((word) => word.replace(/^[._-]+|[._-]+$/g, ''))
    .filter(Boolean);
  const found = new Set<string>();
  for (let i = 0; i < words.length && found.size < MAX_CANDIDATES; i++) {
    let run = '';
    for (let n = 0; n < maxWords && i + n < words.length; n++) {
      run = n === 0 ? words[i]! : `${run} ${words[i + n]!}`;
      if (run.length >= 3) found.add(run);
    }
  }
  return [...found].slice(0, MAX_CANDIDATES);
}
