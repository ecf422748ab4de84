import type { IndicatorType } from './model.ts';
import type { ControlRow } from './control-row.ts';
import { hasControlCharacters, oneLine, type ControlWriter, type PageOutput } from './control-writer.ts';

/**
 * The Zeek Intelligence Framework's input file, per https://docs.zeek.org/en/current/frameworks/intel.html
 * ("Loading Intelligence": tab-separated, a `#fields` line naming `indicator`, `indicator_type` and
 * `meta.*`) and the `Intel::Type` enum of base/frameworks/intel/main.zeek
 * (https://docs.zeek.org/en/current/scripts/base/frameworks/intel/main.zeek.html). Zeek's ASCII input
 * reader skips lines starting with `#` other than `#fields`, so the header is comments.
 *
 * Fields are separated by tabs and records by newlines, and the reader decodes `\xHH` escapes: a value
 * holding a control character or such an escape cannot be written faithfully and is left out
 * (counted as not writable); free-text meta fields have their control characters turned into spaces.
 * `-` is Zeek's unset field and `(empty)` its empty one, so a value spelled like either is left out too.
 */
const ZEEK_TYPE: Partial<Record<IndicatorType, string>> = {
  ipv4: 'Intel::ADDR',
  ipv6: 'Intel::ADDR',
  'ipv4-cidr': 'Intel::SUBNET',
  'ipv6-cidr': 'Intel::SUBNET',
  domain: 'Intel::DOMAIN',
  // Matched against HTTP::build_url: host and path, no scheme ("Intel::URL: A complete URL without the prefix http://").
  url: 'Intel::URL',
  email: 'Intel::EMAIL',
  md5: 'Intel::FILE_HASH',
  sha1: 'Intel::FILE_HASH',
  sha256: 'Intel::FILE_HASH',
  sha512: 'Intel::FILE_HASH',
  filename: 'Intel::FILE_NAME',
  // seen/http-headers.zeek reports the User-Agent header as Intel::SOFTWARE.
  'user-agent': 'Intel::SOFTWARE',
};
// Not carried: ASNs, mutexes, registry keys and e-mail subjects (no Intel::Type), and JA3/JA3S/JA4,
// which base Zeek has no type for (a JA3 package's own enum would be a site choice).

export const ZEEK_FIELDS = ['indicator', 'indicator_type', 'meta.source', 'meta.desc', 'meta.url'];
const DESC_MAX = 300;

/** The URL as Zeek sees it: without `http://` or `https://`. */
export const zeekUrl = (url: string): string => url.replace(/^[a-z][a-z0-9+.-]*:\/\//i, '');

const field = (text: string): string => {
  const clean = oneLine(text).replace(/\\x([0-9a-f]{2})/gi, '\\ x$1');
  return clean === '' || clean === '-' || clean === '(empty)' ? '-' : clean;
};

function indicatorOf(row: ControlRow): string {
  return row.type === 'url' ? zeekUrl(row.value) : row.value;
}

export function zeekIntelWriter(): ControlWriter {
  return {
    types: Object.keys(ZEEK_TYPE) as IndicatorType[],
    comment: (line) => `# ${line}`,
    preamble: () => `#fields\t${ZEEK_FIELDS.join('\t')}\n`,
    unwritable(row) {
      const value = indicatorOf(row);
      if (hasControlCharacters(value)) return 'tab or line break in the value';
      if (/\\x[0-9a-f]{2}/i.test(value)) return 'a \\x escape Zeek would decode';
      if (value === '-' || value === '(empty)') return "Zeek's unset or empty marker";
      return null;
    },
    row(row: ControlRow, out: PageOutput) {
      const desc = [`score ${row.score}`, `TLP:${row.tlp.toUpperCase()}`, row.description]
        .filter(Boolean)
        .join('; ');
      out.write(
        [
          indicatorOf(row),
          ZEEK_TYPE[row.type]!,
          field(row.sources.length ? row.sources.join(', ') : 'CTI platform'),
          field(desc.slice(0, DESC_MAX)),
          field(row.reference ?? ''),
        ].join('\t') + '\n',
      );
    },
  };
}
