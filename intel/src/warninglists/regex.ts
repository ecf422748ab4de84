/**
 * A MISP regex entry is a PCRE with delimiters and flags (`/^(abuse|noc)\@.*$/i`); it runs on
 * PostgreSQL's engine (an automaton: no exponential backtracking), and is refused here when it
 * could backtrack catastrophically on an engine that does (back-references, a quantified group
 * holding a quantifier such as `(a+)+`), so the lists stay safe wherever they are evaluated.
 * Whether PostgreSQL can compile it is checked by the import (private.regex_compiles).
 */

export type RegexEntry = { ok: true; pattern: string } | { ok: false; reason: string };

/** Flags with a meaning for one-line values: `i` carries over; `g`, `m`, `s`, `u` change nothing. */
const KNOWN_FLAGS = /^[gimsuD]*$/;

/** Back-references (`\1`, `\k<name>`, `(?P=name)`) make matching exponential on any engine. */
const BACK_REFERENCE = /\\[1-9]|\\k[<{']|\(\?P=/;

/** Whether a group that holds a quantifier is itself repeated (`(a+)+`, `(\w*\.){2,}`). */
function hasNestedQuantifier(body: string): boolean {
  const groups: boolean[] = [];
  let inClass = false;
  for (let i = 0; i < body.length; i++) {
    const c = body[i]!;
    if (c === '\\') {
      i++;
      continue;
    }
    if (inClass) {
      if (c === ']') inClass = false;
      continue;
    }
    if (c === '[') inClass = true;
    else if (c === '(') groups.push(false);
    else if (c === ')') {
      const quantified = groups.pop() ?? false;
      const next = body[i + 1];
      const repeated =
        next === '*' ||
        next === '+' ||
        (next === '{' && /^\{\d*,\d*\}|^\{\d*[2-9]\d*\}/.test(body.slice(i + 1)));
      if (quantified && repeated) return true;
      if (groups.length > 0 && quantified) groups[groups.length - 1] = true;
    } else if ((c === '*' || c === '+' || c === '{') && groups.length > 0) groups[groups.length - 1] = true;
  }
  return false;
}

export function regexEntry(raw: string): RegexEntry {
  const delimiter = raw[0];
  const end = delimiter === undefined ? -1 : raw.lastIndexOf(delimiter);
  if (delimiter === undefined || /[\w\s\\]/.test(delimiter) || end <= 0)
    return { ok: false, reason: 'not a delimited regular expression (/pattern/flags)' };
  const body = raw.slice(1, end);
  const flags = raw.slice(end + 1);
  if (!KNOWN_FLAGS.test(flags))
    return { ok: false, reason: `unsupported regular-expression flags "${flags}"` };
  if (body === '') return { ok: false, reason: 'an empty regular expression matches everything' };
  if (BACK_REFERENCE.test(body))
    return { ok: false, reason: 'a back-reference could make matching take exponential time' };
  if (hasNestedQuantifier(body))
    return {
      ok: false,
      reason: 'a repeated group holding a quantifier (like (a+)+) could make matching take exponential time',
    };
  return { ok: true, pattern: flags.includes('i') ? `(?i)${body}` : body };
}
