/**
 * IOC values that look like the feed's and never repeat by accident: each one is built from a
 * serial number through a bijection (prng.ts permute24), so uniqueness costs no memory at 10M rows.
 * The only repeated values in a generated file are the deliberate re-reports (generate.ts).
 */
import { permute24, type Prng, Weighted } from './prng.js';
import { FIRST_OCTETS, PORTS, TLDS } from './vocabulary.js';

/** Serials per kind of value that stay unique (24 bits): about 60M rows of the feed's mix. */
export const MAX_SERIAL = 1 << 24;

const CONSONANTS = 'bcdfghklmnprstvz';
const VOWELS = 'aeio';
/** 64 consonant-vowel syllables: four of them spell a 24-bit code as an 8-letter pronounceable name. */
const SYLLABLES = [...CONSONANTS].flatMap((c) => [...VOWELS].map((v) => c + v));
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
const HEX_UPPER = HEX.map((h) => h.toUpperCase());
const BASE62 = '0123456789abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ';
/** Words that prefix phishing and C2 host names (no break of uniqueness: the core has a fixed length). */
const WORDS = ['secure', 'cloud', 'update', 'login', 'micro', 'cdn', 'api', 'portal', 'office', 'wallet'];
const WORDS_MORE = ['my', 'get', 'web', 'app', 'check', 'verify', 'sync', 'data', 'mail', 'static'];
const PREFIXES = [...WORDS, ...WORDS_MORE];
const URL_PATHS = [
  '/',
  '/live/',
  '/test/',
  '/gate.php',
  '/wp-footerblog.php',
  '/alias/metrics-render.js',
  '/router/admin-bundle.js',
  '/api/v1/check',
  '/download/update.exe',
  '/panel/login.php',
];
const BOT_FILES = ['Mozi.m', 'Mozi.a', 'Mozi.7', 'bins/x86', 'bins/arm7', 'ohshit.x86', 'sh', 'i'];

const tlds = new Weighted(TLDS);
const ports = new Weighted(PORTS);

/** Keys of the bijections, one per kind of value, so the kinds do not run through names in step. */
const KEY = {
  domain: 0x1d2c3b,
  urlHost: 0x5a6978,
  urlPool: 0x0f1e2d,
  urlToken: 0x3c4b5a,
  ip: 0x2468ac,
  urlIp: 0x13579b,
};

function name8(code: number): string {
  return (
    SYLLABLES[code >>> 18]! +
    SYLLABLES[(code >>> 12) & 63]! +
    SYLLABLES[(code >>> 6) & 63]! +
    SYLLABLES[code & 63]!
  );
}

/** A domain name unique per serial: [3-letter host.][word]<8-letter core>.<tld>. */
function hostName(random: Prng, code: number): string {
  const sub = random.chance(0.2) ? `${SYLLABLES[random.below(64)]}${CONSONANTS[random.below(16)]}.` : '';
  const word = random.chance(0.25) ? random.pick(PREFIXES) : '';
  return `${sub}${word}${name8(code)}.${tlds.draw(random)}`;
}

export function domain(random: Prng, serial: number): string {
  return hostName(random, permute24(serial, KEY.domain));
}

/** A public-looking IPv4 address unique per (serial, key): first octet from the feed's, then 24 bits. */
function ipv4(serial: number, key: number): string {
  const rest = permute24(Math.floor(serial / FIRST_OCTETS.length) % MAX_SERIAL, key);
  return `${FIRST_OCTETS[serial % FIRST_OCTETS.length]}.${rest >>> 16}.${(rest >>> 8) & 255}.${rest & 255}`;
}

export function ipPort(random: Prng, serial: number): string {
  const port = ports.draw(random);
  return `${ipv4(serial, KEY.ip)}:${port === 0 ? 1024 + random.below(64512) : port}`;
}

function base62(random: Prng, length: number): string {
  let out = '';
  for (let i = 0; i < length; i++) out += BASE62[random.below(62)];
  return out;
}

/** Five base-62 digits: every 24-bit code, always the same length. */
function code5(code: number): string {
  let out = '';
  for (let i = 0; i < 5; i++, code = Math.floor(code / 62)) out = BASE62[code % 62] + out;
  return out;
}

/**
 * The feed's three kinds of URL, each unique per serial in its own way: a fresh host with a common
 * path; a bot's download on an address (Mozi-style); a token path on a host shared by many URLs.
 * The kinds cannot meet: an IP host, a path from URL_PATHS without query, or a query.
 */
export function url(random: Prng, serial: number): string {
  const kind = random.next();
  if (kind < 0.45) {
    const scheme = random.chance(0.8) ? 'https' : 'http';
    return `${scheme}://${hostName(random, permute24(serial, KEY.urlHost))}${random.pick(URL_PATHS)}`;
  }
  if (kind < 0.75)
    return `http://${ipv4(serial, KEY.urlIp)}:${30000 + random.below(35000)}/${random.pick(BOT_FILES)}`;
  const host = hostName(random, permute24(random.below(4096), KEY.urlPool));
  const token = base62(random, 3) + code5(permute24(serial, KEY.urlToken));
  return `https://${host}/${token}?s=${1 + random.below(9)}&t=${base62(random, 22)}`;
}

/** A hash of `bytes` random bytes in hex; a tenth in upper case, as some reporters submit them. */
export function hash(random: Prng, bytes: 16 | 20 | 32): string {
  const table = random.chance(0.1) ? HEX_UPPER : HEX;
  let out = '';
  for (let i = 0; i < bytes; i += 4) {
    const word = random.uint32();
    out +=
      table[word >>> 24]! + table[(word >>> 16) & 255]! + table[(word >>> 8) & 255]! + table[word & 255]!;
  }
  return out;
}
