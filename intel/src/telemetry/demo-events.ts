import type { IndicatorType } from '../model/drafts.js';
import { AGENTS, APT_POLICY, MSSQL_SCAN, PATHS } from './demo-catalogue.js';
import type { Random } from './demo-random.js';

/**
 * Builders of single EVE records for the demo generator, shaped like Suricata 7 writes them
 * (field order included) so the demo looks like the real files beside it.
 */

export type Eve = Record<string, unknown>;
export interface Target {
  type: IndicatorType;
  /** Canonical. */
  value: string;
}

/** Addresses and names the benign traffic uses, already cleared of the demo's indicators. */
export interface Pools {
  clients: string[];
  clientsV6: string[];
  resolver: string;
  servers: string[];
  sites: string[];
}

export class EveBuilder {
  /** Suricata's own format: offset without a colon. */
  timestamp = '';

  constructor(
    private readonly rng: Random,
    private readonly pools: Pools,
  ) {}

  private head(type: string, src: string, sport: number, dest: string, dport: number, proto = 'TCP'): Eve {
    return {
      timestamp: this.timestamp,
      flow_id: this.rng.flowId(),
      in_iface: 'eth0',
      event_type: type,
      src_ip: src,
      src_port: sport,
      dest_ip: dest,
      dest_port: dport,
      proto,
    };
  }

  private client = () => this.rng.pick(this.pools.clients);
  private server = () => this.rng.pick(this.pools.servers);
  private ephemeral = () => this.rng.int(49152, 65535);

  private flowStats(up: number, down: number): Eve {
    const { timestamp } = this;
    return {
      pkts_toserver: Math.ceil(up / 600),
      pkts_toclient: Math.ceil(down / 900),
      bytes_toserver: up,
      bytes_toclient: down,
      start: timestamp,
      end: timestamp,
      age: 0,
      state: 'closed',
      reason: 'timeout',
      alerted: false,
    };
  }

  private http(hostname: string, url: string, port?: number): Eve {
    return {
      hostname,
      ...(port === undefined ? {} : { http_port: port }),
      url,
      http_user_agent: this.rng.pick(AGENTS),
      http_content_type: 'text/html',
      http_method: 'GET',
      protocol: 'HTTP/1.1',
      status: 200,
      length: this.rng.int(200, 90_000),
    };
  }

  private tls(sni?: string): Eve {
    return {
      ...(sni === undefined ? {} : { sni }),
      version: this.rng.pick(['TLS 1.2', 'TLS 1.3']),
      ja3: { hash: this.rng.hex(32) },
      ja3s: { hash: this.rng.hex(32) },
    };
  }

  private dns(rrname: string, rdata: string): Eve {
    const ttl = this.rng.int(30, 3600);
    return {
      version: 2,
      type: 'answer',
      id: this.rng.int(1, 65535),
      flags: '8180',
      qr: true,
      rd: true,
      ra: true,
      rrname,
      rrtype: 'A',
      rcode: 'NOERROR',
      answers: [{ rrname, rrtype: 'A', ttl, rdata }],
      grouped: { A: [rdata] },
    };
  }

  private flow(src: string, dest: string, port: number, appProto: string): Eve {
    const stats = this.flowStats(this.rng.int(300, 20_000), this.rng.int(0, 400_000));
    return { ...this.head('flow', src, this.ephemeral(), dest, port), app_proto: appProto, flow: stats };
  }

  private scan(from: string, to: string): Eve {
    const alert = { action: 'allowed', gid: 1, ...MSSQL_SCAN };
    return { ...this.head('alert', from, this.ephemeral(), to, 1433), alert, flow: this.flowStats(60, 0) };
  }

  /** Office traffic: mostly flows, then DNS, TLS, HTTP and a few policy and scan alerts. */
  benign(): Eve {
    const { rng, pools } = this;
    const r = rng.next();
    const site = rng.pick(pools.sites);
    // Each site resolves to one server, so DNS answers and the later connections agree.
    const server = pools.servers[pools.sites.indexOf(site) % pools.servers.length]!;
    const src = this.client();
    if (r < 0.45) return this.flow(src, this.server(), rng.pick([443, 443, 443, 80, 123, 993]), 'tls');
    if (r < 0.7)
      return {
        ...this.head('dns', src, this.ephemeral(), pools.resolver, 53, 'UDP'),
        dns: this.dns(site, server),
      };
    if (r < 0.82) return { ...this.head('tls', src, this.ephemeral(), server, 443), tls: this.tls(site) };
    const http = this.http(site, rng.pick(PATHS));
    if (r < 0.94) return { ...this.head('http', src, this.ephemeral(), server, 80), http };
    if (r < 0.97) {
      const apt = { ...http, url: '/debian/dists/stable/InRelease', http_user_agent: AGENTS[3] };
      const alert = { action: 'allowed', gid: 1, ...APT_POLICY };
      return {
        ...this.head('alert', src, this.ephemeral(), server, 80),
        alert,
        http: apt,
        app_proto: 'http',
      };
    }
    return this.scan(this.server(), src);
  }

  /** An event that contacts the target, in a form the EVE parser turns back into it. */
  hit(target: Target): Eve {
    const { rng } = this;
    const r = rng.next();
    const src = this.client();
    switch (target.type) {
      case 'ipv4':
      case 'ipv6': {
        const inside = target.type === 'ipv6' ? rng.pick(this.pools.clientsV6) : src;
        if (r < 0.25) return this.scan(target.value, inside);
        if (r < 0.5)
          return { ...this.head('tls', inside, this.ephemeral(), target.value, 443), tls: this.tls() };
        return this.flow(inside, target.value, rng.pick([443, 80, 8080, 4444]), 'failed');
      }
      case 'domain': {
        const head = (type: string, dest: string, port: number, proto?: string) =>
          this.head(type, src, this.ephemeral(), dest, port, proto);
        if (r < 0.5)
          return {
            ...head('dns', this.pools.resolver, 53, 'UDP'),
            dns: this.dns(target.value, this.server()),
          };
        if (r < 0.8) return { ...head('tls', this.server(), 443), tls: this.tls(target.value) };
        return { ...head('http', this.server(), 80), http: this.http(target.value, rng.pick(PATHS)) };
      }
      case 'url': {
        const url = new URL(target.value);
        const host = url.hostname.replace(/^\[|\]$/g, '');
        const port = url.port ? Number(url.port) : 80;
        const literal = /^[\d.]+$/.test(host) || host.includes(':');
        const http = this.http(host, `${url.pathname}${url.search}`, url.port ? port : undefined);
        return { ...this.head('http', src, this.ephemeral(), literal ? host : this.server(), port), http };
      }
      default: {
        const filename = `/downloads/${rng.hex(8)}.bin`;
        const size = rng.int(4096, 2_000_000);
        return {
          ...this.head('fileinfo', this.server(), 80, src, this.ephemeral()),
          app_proto: 'http',
          http: this.http(rng.pick(this.pools.sites), filename),
          fileinfo: {
            filename,
            gaps: false,
            state: 'CLOSED',
            [target.type]: target.value,
            stored: false,
            size,
          },
        };
      }
    }
  }
}
