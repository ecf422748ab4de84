import type { IndicatorType } from '../model/drafts.js';
import { canonicalIndicator } from '../normalise/canonical.js';
import { CLIENTS, CLIENTS_V6, SERVERS, SITES } from './demo-catalogue.js';
import { EveBuilder, type Pools, type Target } from './demo-events.js';
import { Random } from './demo-random.js';
import { isoFromMicros, isoMicros } from './time.js';

/**
 * Synthetic Suricata EVE traffic for the demo dataset, which cannot ship the GPL captures: office
 * hosts (RFC 1918) browsing, resolving and syncing against documentation-range servers (RFC 5737
 * addresses, RFC 2606 names), with a chosen share of events contacting the given indicators, so
 * matching has real hits to show. Every hit is built to match after parsing (a URL as the parser
 * rebuilds it, a hash in a fileinfo record), and benign values equal to an indicator are left
 * out, so the parsed hit rate is the requested one, rounded to whole events. A matcher that also
 * matches subdomains would see more hits if the indicators include example.com/.net/.org.
 */

export interface DemoEveOptions {
  seed: number;
  events: number;
  /** ISO 8601; events are spread evenly between start and end, in order. */
  start: string;
  end: string;
  /** Events are spread over them in turn (EVE `host`). */
  sensors: string[];
  /** Share of events that contact an indicator; 0.02 by default. */
  hitRate?: number;
}

/** The indicator as a sensor could see it, or undefined when EVE cannot show it. */
function target({ type, value }: { type: IndicatorType; value: string }): Target | undefined {
  const canonical = canonicalIndicator(type, value);
  if (!canonical.ok || type === 'sha512' || type === 'email') return undefined;
  if (type === 'url') {
    // Only plain HTTP shows its URL to a sensor, and a fragment never leaves the browser.
    const url = new URL(canonical.value);
    if (url.protocol !== 'http:' || url.hash || url.username || url.password) return undefined;
  }
  return { type, value: canonical.value };
}

export function generateDemoEve(
  indicators: { type: IndicatorType; value: string }[],
  options: DemoEveOptions,
): string[] {
  const start = isoMicros(options.start);
  const end = isoMicros(options.end);
  if (start === undefined || end === undefined || end < start)
    throw new RangeError(`not a time range: ${options.start} … ${options.end}`);
  const rng = new Random(options.seed);
  const sensors = options.sensors.length > 0 ? options.sensors : ['demo-sensor'];
  const targets = indicators.map(target).filter((t): t is Target => t !== undefined);
  const taken = new Set(targets.map((t) => t.value));
  const free = (type: IndicatorType, values: string[]) => {
    const kept = values.filter((v) => {
      const c = canonicalIndicator(type, v);
      return !(c.ok && taken.has(c.value));
    });
    return kept.length > 0 ? kept : values;
  };
  const urlHosts = new Set(targets.filter((t) => t.type === 'url').map((t) => new URL(t.value).hostname));
  const pools: Pools = {
    clients: free('ipv4', CLIENTS),
    clientsV6: free('ipv6', CLIENTS_V6),
    resolver: '10.20.0.53',
    servers: free('ipv4', SERVERS),
    // A URL indicator on a demo site would make every request to that site look like a hit.
    sites: free('domain', SITES).filter((site) => !urlHosts.has(site)),
  };
  const builder = new EveBuilder(rng, pools);
  // A few indicators take most hits, as one implant beacons again and again.
  const active = Array.from({ length: Math.min(8, targets.length) }, () => rng.pick(targets));

  const total = Math.max(0, Math.floor(options.events));
  const rate = Math.min(1, Math.max(0, options.hitRate ?? 0.02));
  let hitsLeft = targets.length > 0 ? Math.round(total * rate) : 0;
  const step = total > 1 ? (end - start) / (total - 1) : 0;
  const lines: string[] = [];
  for (let i = 0; i < total; i++) {
    // Jitter under half a step keeps the order while breaking the metronome look.
    const jitter = i > 0 && i < total - 1 ? rng.next() * step * 0.45 : 0;
    builder.timestamp = isoFromMicros(Math.round(start + i * step + jitter))!.replace('Z', '+0000');
    // Selection sampling (Knuth's algorithm S): exactly hitsLeft of the remaining events are hits.
    const hit = hitsLeft > 0 && rng.next() * (total - i) < hitsLeft;
    let event: Record<string, unknown>;
    if (hit) {
      hitsLeft--;
      event = builder.hit(rng.next() < 0.7 ? rng.pick(active) : rng.pick(targets));
    } else event = builder.benign();
    event.host = sensors[i % sensors.length];
    lines.push(JSON.stringify(event));
  }
  return lines;
}
