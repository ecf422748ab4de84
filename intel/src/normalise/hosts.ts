/**
 * Host names and IP addresses read without node:net or node:url, so the same code runs in the
 * importers (Node), the app (Brand Protection, the indicator form) and the edge functions. The WHATWG
 * URL host parser that Node and browsers share does the hard part: it applies UTS 46 exactly as
 * node:url's domainToASCII does (Node implements that function with the same parser) and reads IPv6
 * per RFC 4291.
 */
const OCTET = '(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])';
const IPV4 = new RegExp(`^${OCTET}(\\.${OCTET}){3}$`);

/** Dotted decimal, four parts 0-255, no leading zeros: node:net's isIPv4. */
export const isIPv4 = (text: string): boolean => IPV4.test(text);

/**
 * An IPv6 address in any RFC 4291 text form (compressed, with a dotted IPv4 tail). Zone identifiers
 * (`%eth0`) name an interface of one host, nothing an indicator can carry: refused.
 */
export function isIPv6(text: string): boolean {
  if (!text.includes(':') || !/^[0-9a-f:.]+$/i.test(text)) return false;
  try {
    new URL(`http://[${text}]/`);
    return true;
  } catch {
    return false;
  }
}

export const isIpAddress = (text: string): boolean => isIPv4(text) || isIPv6(text);

/** RFC 5952 text of a valid IPv6 address: compressed, lower case (the WHATWG URL serialisation). */
export const canonicalIpv6Text = (text: string): string => new URL(`http://[${text}]/`).hostname.slice(1, -1);

/**
 * Characters that end or change a host inside a URL (path, query, fragment, user info, port, IPv6
 * brackets, percent escapes) or that the URL parser would strip (white space): a name holding one
 * is refused outright, where the parser would cut or rewrite it.
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
