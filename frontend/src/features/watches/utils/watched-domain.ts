/**
 * A domain typed for Brand Protection, read the way analysts paste it (defanged, as a URL, with a
 * trailing dot), then its lookalikes generated here in the page with the dnstwist families: the
 * server only checks and stores the names, so generation costs it nothing.
 */
import { generateLookalikes, LookalikeInputError, type Lookalike } from '@intel/brand';
import { refang } from '@intel/refang';
import { canonicalIndicator } from '@/lib/intel/indicator-input';

/** add_domain_watch takes at most this many candidates in one call. */
export const MAX_LOOKALIKES = 10_000;
/**
 * The stack refuses a request body over 1 MiB (max_body_bytes). 5,000 homoglyph-heavy names of a long
 * label come close, so what does not fit is cut from the end, where the least likely names are.
 */
export const LOOKALIKES_MAX_BYTES = 960_000;

export type WatchedDomain =
  | {
      ok: true;
      domain: string;
      ascii: string;
      /** The candidates to send, in the generator's order. */
      lookalikes: Lookalike[];
      /** How many were generated, before the cut to what one request holds. */
      generated: number;
    }
  | { ok: false; reason: string };

/** The head of `lookalikes` that fits in one request, as supabase-js serialises it (UTF-8 JSON). */
export function fitRequest(lookalikes: readonly Lookalike[], maxBytes = LOOKALIKES_MAX_BYTES): Lookalike[] {
  const encoder = new TextEncoder();
  let bytes = 2;
  const limit = Math.min(lookalikes.length, MAX_LOOKALIKES);
  for (let index = 0; index < limit; index++) {
    bytes += encoder.encode(JSON.stringify(lookalikes[index])).length + (index > 0 ? 1 : 0);
    if (bytes > maxBytes) return lookalikes.slice(0, index);
  }
  return lookalikes.slice(0, limit);
}

/** The host of `https://bücher.de/login` as typed (Unicode kept), or the text itself when it is no URL. */
function hostOf(text: string): string {
  const host = /^[a-z][a-z0-9+.-]*:\/\//i.test(text)
    ? text.replace(/^[a-z][a-z0-9+.-]*:\/\/([^/?#]*@)?/i, '').split(/[/?#:]/)[0]!
    : text;
  return host.replace(/\.$/, '');
}

export function readWatchedDomain(input: string): WatchedDomain {
  const domain = hostOf(refang(input.trim()));
  if (!domain) return { ok: false, reason: 'Enter a domain such as example.com.' };
  let lookalikes: Lookalike[];
  try {
    // All families, the generator's default limit (5,000): second-order homoglyphs are cut first.
    lookalikes = generateLookalikes(domain);
  } catch (error) {
    if (error instanceof LookalikeInputError)
      return { ok: false, reason: `This is not a domain that can be watched: ${error.message}.` };
    throw error;
  }
  const ascii = canonicalIndicator('domain', domain);
  if (!ascii.ok) return { ok: false, reason: ascii.reason };
  return {
    ok: true,
    domain,
    ascii: ascii.value,
    lookalikes: fitRequest(lookalikes),
    generated: lookalikes.length,
  };
}
