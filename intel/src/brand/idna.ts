/**
 * The IDNA conversions and the IP check the library needs, written against the WHATWG `URL` class so
 * the same code runs in Node (the importers, the CLI) and in the browser (Brand Protection generates
 * lookalikes client-side), where `node:url` and `node:net` do not exist. `URL` applies UTS 46 exactly
 * as Node's `domainToASCII` does (Node implements that function with the same host parser).
 */
import { decodePunycode } from './punycode.js';

export { domainToASCII, isIpAddress } from '../normalise/hosts.js';

/** Display form of an ASCII host name: each `xn--` label decoded; '' when one is malformed. */
export function domainToUnicode(ascii: string): string {
  const labels = ascii.split('.').map((label) => {
    if (!/^xn--/i.test(label)) return label.toLowerCase();
    return decodePunycode(label.slice(4).toLowerCase());
  });
  return labels.some((label) => label === undefined) ? '' : labels.join('.');
}
