/**
 * The IDNA conversions and the IP check the library needs, written against the WHATWG `URL` class so
 * the same code runs in Node (the importers, the CLI) and in the browser (Brand Protection generates
 * lookalikes client-side), where `node:url` and `node:net` do not exist. `URL` applies UTS 46 exactly
 * as Node's `domainToASCII` does (Node implements that function with the same host parser).
 */
import { decodePunycode } from './punycode.js';

/**
 * Characters that end or change a host inside a URL (path, query, fragment, user info, port, IPv6
 * brackets, percent escapes) or that the URL parser would strip (white space): a name holding one
 * is refused outright, where `domainToASCII` would cut or rewrite it.
 */
const NOT_A_HOST = /[\s/\\?#@:[\]%]/u;

/** ASCII (punycode) form of a domain name, lower-case; '' when it is no valid host name. */
export function domainToASCII(name: string): string {
  if (name === '' || NOT_A_HOST.test(name)) return '';
  try {
    return new URL(`http://${name}/`).hostname;
  } catch {
    return '';
  }
}

/** Display form of an ASCII host name: each `xn--` label decoded; '' when one is malformed. */
export function domainToUnicode(ascii: string): string {
  const labels = ascii.split('.').map((label) => {
    if (!/^xn--/i.test(label)) return label.toLowerCase();
    return decodePunycode(label.slice(4).toLowerCase());
  });
  return labels.some((label) => label === undefined) ? '' : labels.join('.');
}

const IPV4 = /^(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)(\.(25[0-5]|2[0-4]\d|1\d\d|[1-9]?\d)){3}$/;

/** A dotted-decimal IPv4 or an IPv6 address, as `net.isIP` reads them (zone ids aside). */
export function isIpAddress(text: string): boolean {
  if (IPV4.test(text)) return true;
  if (!text.includes(':') || !/^[0-9a-f:.]+$/i.test(text)) return false;
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}
