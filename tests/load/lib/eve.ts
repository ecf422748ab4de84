/**
 * A synthetic Suricata EVE log (JSON lines) for the ingestion burst: alert and dns events whose
 * addresses and names come from the hunt values, so an import that runs also records sightings.
 */
import { huntValues } from './data.ts';

export function eveLog(events: number, seed: number): string {
  const lines: string[] = [];
  const base = Date.UTC(2026, 0, 1) + seed * 1000;
  for (let i = 0; i < events; i += 1) {
    const pick = huntValues[(seed * 31 + i) % huntValues.length]!;
    const timestamp = new Date(base + i * 1000).toISOString().replace('Z', '+0000');
    const ip = pick.type === 'ipv4' ? pick.value : `10.0.${(i >> 8) & 255}.${i & 255}`;
    const common = {
      timestamp,
      flow_id: seed * 100_000 + i,
      in_iface: 'eth0',
      src_ip: '192.168.1.10',
      src_port: 40000 + (i % 20000),
      dest_ip: ip,
      dest_port: 443,
      proto: 'TCP',
    };
    lines.push(
      JSON.stringify(
        pick.type === 'domain'
          ? {
              ...common,
              event_type: 'dns',
              dest_port: 53,
              proto: 'UDP',
              dns: { type: 'query', id: i, rrname: pick.value, rrtype: 'A' },
            }
          : {
              ...common,
              event_type: 'alert',
              alert: {
                action: 'allowed',
                gid: 1,
                signature_id: 2_000_000 + (i % 100),
                rev: 1,
                signature: 'LOAD test signature',
                category: 'Misc activity',
                severity: 2,
              },
            },
      ),
    );
  }
  return `${lines.join('\n')}\n`;
}
