/**
 * One row of the synthetic ThreatFox CSV export, in the export's column order (generate.ts
 * COLUMNS). Every draw of a row comes from that row's own random stream, so the row can be made
 * again from its number: that is how a re-report repeats an earlier IOC without keeping it.
 */
import { Prng, Weighted } from './prng.js';
import { domain, hash, ipPort, MAX_SERIAL, url } from './values.js';
import {
  CONFIDENCE,
  familiesFor,
  REPORTERS,
  THREAT_TYPES,
  TYPE_MIX,
  type Family,
  type IocType,
  type Table,
} from './vocabulary.js';

export const DAY = 86_400;
/** first_seen goes back at most two years. */
const DAYS = 730;
/** The feed's shares: last_seen empty 1,296 of 4,488; no reference 3,142 and empty 230. */
const NO_LAST_SEEN = 0.29;
const NO_REFERENCE = 0.7;
const EMPTY_REFERENCE = 0.05;
/** The feed's: 454 of its 1,615 domains and URLs are compromised sites. */
const COMPROMISED = 0.28;
/** ThreatFox's IOC ids are in the millions by now. */
const FIRST_IOC_ID = 1_000_000;

/** "YYYY-MM-DD HH:MM:SS" for a time given as seconds before the anchor (tables: no Date per row). */
class Clock {
  private readonly days: string[] = [];
  private readonly minutes: string[] = [];
  private readonly seconds: string[] = [];

  constructor(anchor: number) {
    const two = (n: number) => String(n).padStart(2, '0');
    for (let d = 0; d <= DAYS + 1; d++)
      this.days.push(new Date((anchor - d * DAY) * 1000).toISOString().slice(0, 10));
    for (let m = 0; m < 1440; m++) this.minutes.push(` ${two(Math.floor(m / 60))}:${two(m % 60)}:`);
    for (let s = 0; s < 60; s++) this.seconds.push(two(s));
  }

  format(before: number): string {
    const back = Math.ceil(before / DAY);
    const ofDay = back * DAY - before;
    return this.days[back]! + this.minutes[Math.floor(ofDay / 60)]! + this.seconds[ofDay % 60]!;
  }
}

const ip = (r: Prng) => `${r.below(224)}.${r.below(256)}.${r.below(256)}.${r.below(256)}`;
/** Reference pages of the feed's most cited sites, with made-up ids. */
const REFERENCES: ((r: Prng) => string)[] = [
  (r) => `https://threatview.io/Downloads/High-Confidence-CobaltStrike-C2%20-Feeds.txt#${r.below(1e6)}`,
  (r) => `https://search.censys.io/hosts/${ip(r)}`,
  (r) => `https://honeylabs.net/reports/${r.below(1e6)}`,
  (r) => `https://bazaar.abuse.ch/sample/${hash(r, 32).toLowerCase()}/`,
  (r) => `https://twitter.com/${r.pick(['malwrhunterteam', 'Gi7w0rm', 'drb_ra'])}/status/${r.uint32()}`,
  (r) => `https://www.shodan.io/host/${ip(r)}`,
];

const byType = <T>(make: (type: IocType) => T): Record<IocType, T> =>
  Object.fromEntries(TYPE_MIX.map(([type]) => [type, make(type)])) as Record<IocType, T>;
const quoted = (value: string | number | null): string => `"${value ?? 'None'}"`;
/** Weighted texts rendered once: a row is then a few concatenations (the generator's hot path). */
const rendered = <T, R = string>(table: Table<T>, render: (item: T) => R) =>
  new Weighted(table.map(([item, weight]) => [render(item), weight] as const));

/** A family's columns fk_malware, malware_alias, malware_printable, and its tag strings. */
interface RenderedFamily {
  columns: string;
  tags: string[];
}

export class RowMaker {
  private readonly random = new Prng(0);
  private readonly clock: Clock;
  private readonly types = new Weighted(TYPE_MIX);
  /** `"ip:port", "botnet_cc", ` and the like: ioc_type with its threat types. */
  private readonly threats = byType((type) => rendered(THREAT_TYPES[type], (t) => `"${type}", "${t}", `));
  private readonly families = byType((type) =>
    rendered<Family, RenderedFamily>(familiesFor(type), (f) => ({
      columns: `${quoted(f.malpedia)}, ${quoted(f.alias)}, ${quoted(f.printable)}, `,
      tags: f.tags.map((t) => `${quoted(t)}, `),
    })),
  );
  /** anonymous and reporter, the last two columns. */
  private readonly reporters = rendered(REPORTERS, (r) => `"${r === 'anonymous' ? 1 : 0}", "${r}"\n`);
  private readonly confidence = rendered(CONFIDENCE, (c) => `"${c}", `);
  private readonly serials = byType(() => 0);
  /** The serial the last new row used (kept by the caller to make that row again). */
  lastSerial = 0;

  /** `anchor`: Unix seconds of the newest possible time (never in the future). */
  constructor(
    private readonly seed: number,
    anchor: number,
  ) {
    this.clock = new Clock(anchor);
  }

  /**
   * Row `index` as a line. `serial` < 0 makes a new IOC (the next serial of its type); otherwise
   * the row is made again with that serial and its last_seen moved `later` seconds past its last
   * sighting (its first, if it had none): the same IOC reported again.
   */
  row(index: number, serial: number, later: number): string {
    const r = this.random;
    r.reseed(this.seed, index);
    const type = this.types.draw(r);
    if (serial < 0) {
      serial = this.serials[type]++;
      if (serial >= MAX_SERIAL) throw new Error(`more than ${MAX_SERIAL} ${type} values: use fewer rows`);
      this.lastSerial = serial;
    }
    const value =
      type === 'ip:port'
        ? ipPort(r, serial)
        : type === 'domain'
          ? domain(r, serial)
          : type === 'url'
            ? url(r, serial)
            : hash(r, type === 'md5_hash' ? 16 : type === 'sha1_hash' ? 20 : 32);
    const family = this.families[type].draw(r);
    // Most IOCs are recent (it is a "recent" export); the rest spread over two years.
    const age = r.chance(0.7) ? Math.floor(120 * DAY * r.next() ** 2) : r.below(DAYS * DAY);
    let last = r.chance(NO_LAST_SEEN) ? -1 : Math.floor(age * r.next());
    if (later > 0) last = Math.max(0, (last < 0 ? age : last) - later);
    const reference = r.chance(NO_REFERENCE)
      ? '"None", '
      : r.chance(EMPTY_REFERENCE / (1 - NO_REFERENCE))
        ? '"", '
        : `"${r.pick(REFERENCES)(r)}", `;
    const compromised = (type === 'domain' || type === 'url') && r.chance(COMPROMISED);
    return (
      `"${this.clock.format(age)}", "${FIRST_IOC_ID + index}", "${value}", ${this.threats[type].draw(r)}` +
      `${family.columns}"${last < 0 ? '' : this.clock.format(last)}", ${this.confidence.draw(r)}` +
      `${compromised ? '"True", ' : '"False", '}${reference}${r.pick(family.tags)}${this.reporters.draw(r)}`
    );
  }
}
