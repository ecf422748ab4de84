import type { ControlWriter } from './control-writer.ts';

/**
 * A DNS response-policy zone (draft-vixie-dnsop-dns-rpz, https://datatracker.ietf.org/doc/draft-vixie-dnsop-dns-rpz/,
 * and BIND's "Response Policy Zone (RPZ) Rewriting" in the ARM, https://bind9.readthedocs.io/): a QNAME
 * trigger `name CNAME .` answers NXDOMAIN for the name, and `*.name CNAME .` for its subdomains
 * (`--rpz-wildcard`). Owner names are relative, so the zone's own name (e.g. rpz.local in
 * named.conf) is appended by the server. The serial is the export time in seconds since the epoch,
 * so each export's is higher (RFC 1982 serial arithmetic holds until 2106).
 * Only domains are carried: an address or URL trigger would block far more or nothing.
 */
export interface RpzOptions {
  wildcard: boolean;
}

export const RPZ_TTL = 300;
const LABEL = '[a-z0-9_](?:[a-z0-9_-]{0,61}[a-z0-9_])?';
const NAME = new RegExp(`^${LABEL}(?:\\.${LABEL})*$`);

export const rpzSerial = (at: Date): number => Math.floor(at.getTime() / 1000);

export function rpzWriter(options: RpzOptions): ControlWriter {
  return {
    types: ['domain'],
    comment: (line) => `; ${line}`,
    preamble: (summary) =>
      [
        `$TTL ${RPZ_TTL}`,
        `@ IN SOA localhost. hostmaster.localhost. ( ${rpzSerial(summary.exportedAt)} 3600 600 604800 ${RPZ_TTL} )`,
        '@ IN NS localhost.',
        '',
      ].join('\n'),
    // Zone files give `; ( ) " \ $ @` and white space meanings of their own (RFC 1035 §5.1): only plain
    // host names are written, and a name over 230 characters would pass 255 with the zone's own.
    unwritable: (row) =>
      NAME.test(row.value) && row.value.length <= 230 ? null : 'not a plain DNS name a zone file takes',
    row(row, out) {
      out.write(`${row.value} CNAME .\n`);
      if (options.wildcard) out.write(`*.${row.value} CNAME .\n`);
    },
  };
}
