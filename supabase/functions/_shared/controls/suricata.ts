import type { IndicatorType } from './model.ts';
import type { ControlRow } from './control-row.ts';
import type { ControlWriter, PageOutput } from './control-writer.ts';
import { SidAllocator } from './suricata-sid.ts';
import { contentValue, metadataValue, msgValue, referenceUrl } from './suricata-text.ts';

/**
 * A Suricata rules file (https://docs.suricata.io/en/latest/rules/intro.html), a rule per value:
 *   addresses and ranges   `alert ip any any <> VALUE any` (both directions);
 *   domains                three rules, `dns.query`, `tls.sni` and `http.host`, each with the
 *                          `dotprefix` transform and `content:".name"; endswith;` so the name and its
 *                          subdomains match, not names that merely end the same (rules/transforms.html);
 *   URLs (http/https)      `http.host` exact and `http.uri` exact (`http.uri.raw` when the URL keeps
 *                          percent-escapes, which the normalised buffer would have decoded);
 *   user agents, JA4       `http.user_agent` / `ja4.hash` exact;
 * and a rule per list where a set lookup is the right tool, with the list written beside --out:
 *   MD5, SHA-1, SHA-256    `filemd5` / `filesha1` / `filesha256` lists (rules/file-keywords.html: one
 *                          hex hash a line, the file name resolved from the rule file's directory),
 *                          for files in HTTP and SMTP;
 *   JA3, JA3S              datasets of type md5 (rules/datasets.html: `ja3.hash; dataset:isset,NAME,
 *                          type md5, load FILE`), which need `app-layer.protocols.tls.ja3-fingerprints: yes`.
 * Not carried: SHA-512 (Suricata hashes files with MD5, SHA-1 and SHA-256 only), e-mail addresses and
 * subjects, ASNs, file names, mutexes, registry keys.
 * Every rule has a sid from the value (suricata-sid.ts), `rev:1`, a msg naming the value and its
 * sources, the source's link as `reference:url`, and `metadata` with type, score and TLP.
 */
const PER_VALUE: IndicatorType[] = [
  'ipv4',
  'ipv6',
  'ipv4-cidr',
  'ipv6-cidr',
  'domain',
  'url',
  'user-agent',
  'ja4',
];
const FILE_LISTS: Partial<Record<IndicatorType, string>> = {
  md5: 'filemd5',
  sha1: 'filesha1',
  sha256: 'filesha256',
};
const DATASETS: Partial<Record<IndicatorType, string>> = { ja3: 'ja3.hash', ja3s: 'ja3s.hash' };
const FILE_PROTOCOLS = ['http', 'smtp'];

export interface SuricataOptions {
  sidBase: number;
  /** File name stem of the lists beside the rules (`cti` for cti.rules: cti-md5.lst). */
  listStem: string;
}

export const listSuffix = (type: IndicatorType): string => `-${type}.lst`;

function sourcesText(row: ControlRow): string {
  return row.sources.length ? row.sources.join(', ') : 'no source';
}

function urlHost(value: string): string | null {
  try {
    const url = new URL(value);
    return /^https?:$/.test(url.protocol) && url.hostname ? url.hostname.replace(/^\[|\]$/g, '') : null;
  } catch {
    return null;
  }
}

export function suricataWriter(options: SuricataOptions): ControlWriter {
  const sids = new SidAllocator(options.sidBase);
  const stem = options.listStem.replace(/[^A-Za-z0-9._-]+/g, '_');
  const rule = (
    header: string,
    sidKey: string,
    msg: string,
    body: string[],
    meta: Record<string, string>,
    reference: string | null = null,
  ): string => {
    const parts = [
      `msg:"${msgValue(msg)}"`,
      ...body,
      ...(reference ? [`reference:url,${reference}`] : []),
      `metadata:${Object.entries(meta)
        .map(([k, v]) => `${k} ${metadataValue(v)}`)
        .join(', ')}`,
      `sid:${sids.sid(sidKey)}`,
      'rev:1',
    ];
    return `alert ${header} (${parts.join('; ')};)\n`;
  };
  const valueRule = (row: ControlRow, key: string, header: string, where: string, body: string[]) =>
    rule(
      header,
      `${key}|${row.type}|${row.value}`,
      `CTI ${row.type} ${row.value}${where} (${sourcesText(row)})`,
      body,
      { cti_type: row.type, cti_score: String(row.score), tlp: row.tlp },
      referenceUrl(row.reference),
    );
  const exact = (buffer: string, text: string) => [
    buffer,
    `content:"${contentValue(text)}"`,
    'startswith',
    'endswith',
  ];

  return {
    types: [
      ...PER_VALUE,
      ...(Object.keys(FILE_LISTS) as IndicatorType[]),
      ...(Object.keys(DATASETS) as IndicatorType[]),
    ],
    comment: (line) => `# ${line}`,
    needsOutFile: true,
    unwritable(row) {
      if (row.type === 'url' && urlHost(row.value) === null) return 'not an http(s) URL';
      return null;
    },
    row(row, out: PageOutput) {
      const v = row.value;
      switch (row.type) {
        case 'ipv4':
        case 'ipv6':
        case 'ipv4-cidr':
        case 'ipv6-cidr':
          out.write(valueRule(row, 'ip', `ip any any <> ${v} any`, '', []));
          return;
        case 'domain': {
          const dotted = [`dotprefix`, `content:"${contentValue(`.${v}`)}"`, 'endswith'];
          out.write(
            valueRule(row, 'dns', 'dns any any -> any any', ' in DNS query', [
              'dns.query',
              ...dotted,
              'nocase',
            ]),
          );
          out.write(
            valueRule(row, 'tls', 'tls any any -> any any', ' in TLS SNI', ['tls.sni', ...dotted, 'nocase']),
          );
          out.write(
            valueRule(row, 'http', 'http any any -> any any', ' in HTTP Host', ['http.host', ...dotted]),
          );
          return;
        }
        case 'url': {
          // The URL's own text for the path (URL() would re-encode it), its host without the port.
          const path = v.replace(/^https?:\/\/[^/?#]*/i, '').replace(/#.*$/, '') || '/';
          const uri = path.includes('%') ? 'http.uri.raw' : 'http.uri';
          out.write(
            valueRule(row, 'url', 'http any any -> any any', '', [
              ...exact('http.host', urlHost(v)!),
              ...exact(uri, path),
            ]),
          );
          return;
        }
        case 'user-agent':
          out.write(valueRule(row, 'ua', 'http any any -> any any', '', exact('http.user_agent', v)));
          return;
        case 'ja4':
          out.write(valueRule(row, 'ja4', 'tls any any -> any any', '', exact('ja4.hash', v)));
          return;
        default:
          // Hash lists: the rule comes once the list is complete (endType).
          out.writeBeside(`${stem}${listSuffix(row.type)}`, `${v}\n`);
      }
    },
    endType(type, count, out) {
      if (count === 0) return;
      const list = `${stem}${listSuffix(type)}`;
      const meta = { cti_type: type, cti_values: String(count) };
      const fileKeyword = FILE_LISTS[type];
      if (fileKeyword)
        for (const proto of FILE_PROTOCOLS)
          out.write(
            rule(
              `${proto} any any -> any any`,
              `list|${type}|${proto}`,
              `CTI file ${type.toUpperCase()} on the list ${list} (${count} values) in ${proto.toUpperCase()}`,
              [`${fileKeyword}:${list}`],
              meta,
            ),
          );
      const buffer = DATASETS[type];
      if (buffer)
        out.write(
          rule(
            'tls any any -> any any',
            `list|${type}`,
            `CTI ${type.toUpperCase()} on the dataset ${list} (${count} values)`,
            [buffer, `dataset:isset,${`${stem}-${type}`},type md5,load ${list}`],
            meta,
          ),
        );
    },
  };
}

/** Types whose rules read a list file beside the rules file (one served document cannot carry them). */
export const SURICATA_LIST_TYPES = [...Object.keys(FILE_LISTS), ...Object.keys(DATASETS)] as IndicatorType[];
