/**
 * What a keyword or e-mail-domain watch stores: the value as typed, and the lower-case form the
 * server matches. A domain (a keyword such as `acme.com`, or an e-mail domain) is matched in its IDNA
 * ASCII form, so `bücher.de` also finds `xn--bcher-kva.de`; the server tries the typed form as well.
 */
import { refang } from '@intel/refang';
import { canonicalIndicator } from '@/lib/intel/indicator-input';
import { WATCH_VALUE_MAX, WATCH_VALUE_MIN } from './watch-limits';

export type KeywordKind = 'keyword' | 'email-domain';

export type KeywordWatchRow =
  | { ok: true; row: { kind: KeywordKind; value: string; value_ascii: string } }
  | { ok: false; reason: string };

/** A dotted name without spaces reads as a domain; anything else is a plain keyword. */
const DOMAIN_LIKE = /^[^\s@/]+\.[^\s@/.]+$/u;

export function keywordWatchRow(kind: KeywordKind, input: string): KeywordWatchRow {
  const text = input.trim().replace(/\s+/g, ' ');
  if (kind === 'email-domain') {
    const domain = refang(text).replace(/^.*@/, '');
    const ascii = canonicalIndicator('domain', domain);
    if (!ascii.ok) return { ok: false, reason: 'Enter an e-mail domain such as example.com.' };
    return checked({ kind, value: domain, value_ascii: ascii.value });
  }
  const refanged = refang(text);
  if (DOMAIN_LIKE.test(refanged)) {
    const ascii = canonicalIndicator('domain', refanged);
    if (ascii.ok) return checked({ kind, value: refanged, value_ascii: ascii.value });
  }
  return checked({ kind, value: text, value_ascii: text.toLowerCase() });
}

function checked(row: { kind: KeywordKind; value: string; value_ascii: string }): KeywordWatchRow {
  const longest = Math.max([...row.value].length, [...row.value_ascii].length);
  if ([...row.value].length < WATCH_VALUE_MIN)
    return { ok: false, reason: `A watch needs at least ${WATCH_VALUE_MIN} characters.` };
  if (longest > WATCH_VALUE_MAX)
    return { ok: false, reason: `A watch takes at most ${WATCH_VALUE_MAX} characters.` };
  return { ok: true, row };
}
