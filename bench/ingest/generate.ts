/**
 * Synthetic ThreatFox CSV export (the abuse.ch layout the importer reads), streamed to disk at any
 * size. The type mix is the real feed's (shared/data/abusech/threatfox-recent-2026-07-24.json:
 * 2,412 ip:port, 1,207 domain, 408 url, 169 sha256, 146 sha1, 146 md5 of 4,488), values are unique
 * but for 5 % re-reports of an earlier IOC (a later last_seen), so folding and updates run too.
 */
import { randomBytes } from 'node:crypto';
import { createWriteStream } from 'node:fs';
import { once } from 'node:events';

const MIX: [string, number][] = [
  ['ip:port', 2412],
  ['domain', 1207],
  ['url', 408],
  ['sha256_hash', 169],
  ['sha1_hash', 146],
  ['md5_hash', 146],
];
const TOTAL = MIX.reduce((n, [, c]) => n + c, 0);
const FAMILIES = [
  'Cobalt Strike',
  'ClearFake',
  'AsyncRAT',
  'Remcos',
  'AdaptixC2',
  'Vidar',
  'QakBot',
  'Emotet',
  'RedLine Stealer',
  'Lumma Stealer',
  'Mirai',
  'Sliver',
  'Havoc',
  'njRAT',
  'DarkGate',
  'IcedID',
];
const TLDS = ['com', 'net', 'org', 'ru', 'top', 'xyz', 'info', 'cn', 'online', 'site'];

/** A seeded xorshift generator: the same file for the same size, run after run. */
function prng(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    return (x >>> 0) / 0x100000000;
  };
}

export async function generateThreatFoxCsv(file: string, rows: number): Promise<void> {
  const random = prng(20261124);
  const pick = <T>(items: T[]) => items[Math.floor(random() * items.length)]!;
  const out = createWriteStream(file);
  out.write(
    '################################################################\n# ThreatFox IOCs: CSV export (synthetic, bench:ingest)         #\n################################################################\n',
  );
  out.write(
    '# "first_seen_utc","ioc_id","ioc_value","ioc_type","threat_type","fk_malware","malware_alias","malware_printable","last_seen_utc","confidence_level","reference","tags","anonymous","reporter"\n',
  );
  const unique = (i: number, bytes: number) => randomBytes(bytes).toString('hex') + i.toString(36);
  const day = (offset: number) =>
    new Date(Date.UTC(2025, 0, 1) + offset * 86_400_000).toISOString().slice(0, 19).replace('T', ' ');
  let chunk = '';
  const earlier: string[] = [];
  for (let i = 0; i < rows; i++) {
    let value: string;
    let type: string;
    if (earlier.length > 100 && random() < 0.05)
      [type, value] = pick(earlier).split('\u0000') as [string, string];
    else {
      let r = random() * TOTAL;
      type = MIX.find(([, c]) => (r -= c) < 0)![0];
      const id = unique(i, 4);
      value =
        type === 'ip:port'
          ? `${1 + Math.floor(random() * 222)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}.${Math.floor(random() * 256)}:${1024 + (i % 60000)}`
          : type === 'domain'
            ? `${id}.${pick(TLDS)}`
            : type === 'url'
              ? `http://${id}.${pick(TLDS)}/${unique(i, 3)}/gate.php?id=${i}`
              : type === 'sha256_hash'
                ? randomBytes(32).toString('hex')
                : type === 'sha1_hash'
                  ? randomBytes(20).toString('hex')
                  : randomBytes(16).toString('hex');
      if (earlier.length < 10_000) earlier.push(`${type}\u0000${value}`);
      else earlier[i % 10_000] = `${type}\u0000${value}`;
    }
    const first = Math.floor(random() * 600);
    const family = pick(FAMILIES);
    chunk += `"${day(first)}", "${i + 1}", "${value}", "${type}", "botnet_cc", "win.${family.toLowerCase().replace(/ /g, '_')}", "None", "${family}", "${day(first + Math.floor(random() * 60))}", "${50 + Math.floor(random() * 51)}", "https://bench.example/${i}", "${family.toLowerCase()},c2", "0", "reporter${i % 500}"\n`;
    if (chunk.length > 1 << 20) {
      if (!out.write(chunk)) await once(out, 'drain');
      chunk = '';
    }
  }
  out.end(chunk);
  await once(out, 'finish');
}
