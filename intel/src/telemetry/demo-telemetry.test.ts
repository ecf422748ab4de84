import { describe, expect, it } from 'vitest';
import type { IndicatorType } from '../model/drafts.js';
import { canonicalIndicator } from '../normalise/canonical.js';
import { generateDemoEve } from './demo-telemetry.js';
import { suricataEve } from './suricata-eve.js';
import type { TelemetryEvent } from './telemetry-event.js';
import { countBy, itemsOfText } from './telemetry-testing.js';

const INDICATORS: { type: IndicatorType; value: string }[] = [
  { type: 'ipv4', value: '45.143.200.10' },
  { type: 'ipv6', value: '2001:DB8:BAD::1' },
  { type: 'domain', value: 'Evil-Update.Example.xyz' },
  { type: 'domain', value: 'xn--80ak6aa92e.com' },
  { type: 'url', value: 'http://103.41.26.58:8080/Mozi.m' },
  { type: 'url', value: 'hxxp://payload.example[.]top/drop/a.php?id=7' },
  { type: 'md5', value: '44D88612FEA8A8F36DE82E1278ABB02F' },
  { type: 'sha1', value: '3395856ce81f2b7382dee72602f798b642f14140' },
  { type: 'sha256', value: '275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f' },
  // Not visible to a sensor in EVE: never hit, never a crash.
  { type: 'url', value: 'https://secure.example.org/login' },
  { type: 'sha512', value: 'a'.repeat(128) },
  { type: 'email', value: 'ceo@corp.example' },
  { type: 'domain', value: 'not a domain' },
];
const OPTIONS = {
  seed: 42,
  events: 10_000,
  start: '2026-01-05T08:00:00Z',
  end: '2026-01-05T18:00:00Z',
  sensors: ['hq-sensor', 'dmz-sensor'],
};

const wanted = new Set(
  INDICATORS.flatMap(({ type, value }) => {
    const c = canonicalIndicator(type, value);
    return c.ok ? [`${type} ${c.value}`] : [];
  }),
);
const hits = (event: TelemetryEvent) => event.observables.filter((o) => wanted.has(`${o.type} ${o.value}`));

describe('generateDemoEve', async () => {
  const lines = generateDemoEve(INDICATORS, OPTIONS);
  const { events, rejects } = await itemsOfText(suricataEve, lines.join('\n'), { fileName: 'demo-eve.json' });

  it('is deterministic for a seed, and differs between seeds', () => {
    expect(generateDemoEve(INDICATORS, OPTIONS)).toEqual(lines);
    expect(generateDemoEve(INDICATORS, { ...OPTIONS, seed: 43 })).not.toEqual(lines);
  });

  it('parses back with the EVE parser: every line an event, none rejected', () => {
    expect(lines).toHaveLength(10_000);
    expect(rejects).toEqual([]);
    expect(events).toHaveLength(10_000);
  });

  it('spreads events evenly over the range, in order, over the sensors in turn', () => {
    const times = events.map((e) => e.time);
    expect(times[0]).toBe('2026-01-05T08:00:00.000000Z');
    expect(times.at(-1)).toBe('2026-01-05T18:00:00.000000Z');
    expect([...times].sort()).toEqual(times);
    // Even: each hour holds a tenth of the events, give or take the jitter (18:00 is the last one).
    const { '18': last, ...perHour } = countBy(events, (e) => e.time.slice(11, 13));
    expect(last).toBe(1);
    expect(Object.keys(perHour)).toHaveLength(10);
    for (const count of Object.values(perHour)) expect(Math.abs(count - 1000)).toBeLessThanOrEqual(2);
    expect(countBy(events, (e) => e.sensor)).toEqual({ 'hq-sensor': 5000, 'dmz-sensor': 5000 });
  });

  it('mixes flows, DNS, TLS, HTTP, alerts and files', () => {
    const types = countBy(events, (e) => e.eventType);
    expect(Object.keys(types).sort()).toEqual(['alert', 'dns', 'fileinfo', 'flow', 'http', 'tls']);
    expect(types.flow! / events.length).toBeGreaterThan(0.35);
    expect(types.dns! / events.length).toBeGreaterThan(0.15);
  });

  it('contacts the indicators in the requested share of events, each visible one at least once', () => {
    const hitEvents = events.filter((e) => hits(e).length > 0);
    expect(hitEvents.length / events.length).toBeCloseTo(0.02, 3);
    const hitValues = new Set(hitEvents.flatMap((e) => hits(e).map((o) => `${o.type} ${o.value}`)));
    expect([...hitValues].sort()).toEqual([
      'domain evil-update.example.xyz',
      'domain xn--80ak6aa92e.com',
      'ipv4 45.143.200.10',
      'ipv6 2001:db8:bad::1',
      'md5 44d88612fea8a8f36de82e1278abb02f',
      'sha1 3395856ce81f2b7382dee72602f798b642f14140',
      'sha256 275a021bbfb6489e54d471899f7db9d1663fc695ec2fe2a2c4538aabf651fd0f',
      'url http://103.41.26.58:8080/Mozi.m',
      'url http://payload.example.top/drop/a.php?id=7',
    ]);
  });

  it('honours other rates, and gives no hits without visible indicators', async () => {
    const share = async (indicators: typeof INDICATORS, hitRate?: number) => {
      const demo = generateDemoEve(indicators, {
        ...OPTIONS,
        events: 2000,
        ...(hitRate === undefined ? {} : { hitRate }),
      });
      const parsed = await itemsOfText(suricataEve, demo.join('\n'));
      return parsed.events.filter((e) => hits(e).length > 0).length / parsed.events.length;
    };
    expect(await share(INDICATORS)).toBeCloseTo(0.02, 3);
    expect(await share(INDICATORS, 0.1)).toBeCloseTo(0.1, 3);
    expect(await share(INDICATORS, 0)).toBe(0);
    expect(await share(INDICATORS.slice(9))).toBe(0);
  });

  it('refuses a range that ends before it starts', () => {
    expect(() => generateDemoEve([], { ...OPTIONS, end: '2025-01-01T00:00:00Z' })).toThrow(RangeError);
  });
});
