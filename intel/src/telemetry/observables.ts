import { isIPv4 } from 'node:net';
import type { IndicatorType } from '../model/drafts.js';
import { canonicalIndicator } from '../normalise/canonical.js';
import type { Observable, ObservableRole } from './telemetry-event.js';

/** A non-empty string, or undefined: sensors write `""`, null or nothing for "no value". */
export function str(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** A finite number (Zeek TSV counts arrive already converted), or undefined. */
export function num(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

export function port(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 65535
    ? value
    : undefined;
}

/** The strings of an array field (Zeek vectors and sets, EVE lists); anything else is no items. */
export function strings(value: unknown): string[] {
  if (typeof value === 'string') return value === '' ? [] : [value];
  return Array.isArray(value) ? value.filter((item): item is string => typeof item === 'string') : [];
}

const HASH_BY_LENGTH: Record<number, IndicatorType> = { 32: 'md5', 40: 'sha1', 64: 'sha256', 128: 'sha512' };
/** Client ports are ephemeral (49152+ per RFC 6335, 1024+ in practice): the lower is usually the server's. */
const serverPort = (a?: number, b?: number) => (a === undefined ? b : b === undefined ? a : Math.min(a, b));

/**
 * Canonical forms of recent raw values (undefined: refused). Telemetry repeats itself (the same
 * resolver, the same few hundred names), and canonicalising a name costs a regex per label, so a
 * bounded cache roughly halves the time spent here. Cleared whole when full: simpler than LRU
 * and, with this much repetition, nearly as good. Long values (URLs with unique query strings)
 * rarely repeat and would make the cache's memory depend on the input, so they are not kept.
 */
const canonicalCache = new Map<string, string | undefined>();
const CACHE_SIZE = 50_000;
const CACHE_VALUE_LENGTH = 256;

function canonical(type: IndicatorType, raw: string): string | undefined {
  if (raw.length > CACHE_VALUE_LENGTH) {
    const result = canonicalIndicator(type, raw);
    return result.ok ? result.value : undefined;
  }
  const key = `${type} ${raw}`;
  let value = canonicalCache.get(key);
  if (value === undefined && !canonicalCache.has(key)) {
    const result = canonicalIndicator(type, raw);
    value = result.ok ? result.value : undefined;
    if (canonicalCache.size >= CACHE_SIZE) canonicalCache.clear();
    canonicalCache.set(key, value);
  }
  return value;
}

/**
 * The observables of one event, canonical and without duplicates. A value canonicalIndicator
 * refuses (a single-label name, a scoped IPv6 address, a TXT record) is dropped silently: it
 * cannot equal any indicator, and the event itself is still good.
 */
export class ObservableSet {
  readonly list: Observable[] = [];

  add(type: IndicatorType, raw: string | undefined, role: ObservableRole): void {
    if (raw === undefined || raw === '') return;
    const value = canonical(type, raw);
    if (value === undefined) return;
    for (const o of this.list) if (o.value === value && o.role === role && o.type === type) return;
    this.list.push({ type, value, role });
  }

  ip(raw: string | undefined, role: ObservableRole): void {
    if (raw) this.add(raw.includes(':') ? 'ipv6' : 'ipv4', raw, role);
  }

  /** A name or an address literal, as Host headers and DNS answers carry either (`[::1]:8080` too). */
  host(raw: string | undefined, role: ObservableRole): void {
    const host = raw === undefined ? undefined : hostOf(raw).host;
    if (!host) return;
    if (isIPv4(host)) this.add('ipv4', host, role);
    else if (host.includes(':')) this.add('ipv6', host, role);
    else this.add('domain', host, role);
  }

  /** A hash by its length; certificate fingerprints are written with colons (`2d:d1:9f:…`). */
  hash(raw: string | undefined, role: ObservableRole = 'hash'): void {
    if (!raw) return;
    const hex = raw.includes(':') ? raw.replaceAll(':', '') : raw;
    const type = HASH_BY_LENGTH[hex.length];
    if (type) this.add(type, hex, role);
  }

  /** `a@b.example`, `<a@b.example>` or `Name <a@b.example>` (SMTP envelope and header forms). */
  email(raw: string | undefined): void {
    if (!raw) return;
    const angle = /<([^<>\s]+@[^<>\s]+)>/.exec(raw);
    this.add('email', angle ? angle[1] : raw.trim(), 'email');
  }

  /**
   * The URL an HTTP request asked for: `http://` + Host (or the server address when the request
   * had none) + the port unless 80 + the request target. An absolute target (proxy requests)
   * is the URL itself; authority (CONNECT) and `*` targets name no resource and give none.
   */
  httpUrl(options: {
    host: string | undefined;
    serverIp: string | undefined;
    target: string | undefined;
    port?: number;
    srcPort?: number;
    destPort?: number;
  }): void {
    const { target } = options;
    if (target === undefined) return;
    if (/^[a-z][a-z0-9+.-]*:\/\//i.test(target)) return this.add('url', target, 'url');
    if (target !== '' && !target.startsWith('/')) return;
    const fromHost = options.host ? hostOf(options.host) : undefined;
    const host = fromHost?.host ?? options.serverIp;
    if (!host) return;
    const portNumber = fromHost?.port ?? options.port ?? serverPort(options.srcPort, options.destPort) ?? 80;
    const authority = host.includes(':') ? `[${host}]` : host;
    this.add('url', `http://${authority}${portNumber === 80 ? '' : `:${portNumber}`}${target || '/'}`, 'url');
  }
}

/** `name`, `name:port`, `[v6]:port`, bare `v6` → host and port (a trailing dot dropped). */
export function hostOf(raw: string): { host: string; port?: number } {
  const value = raw.trim();
  const bracketed = /^\[([^\]]+)\](?::(\d{1,5}))?$/.exec(value);
  if (bracketed) return { host: bracketed[1]!, ...(bracketed[2] ? { port: Number(bracketed[2]) } : {}) };
  const colon = value.indexOf(':');
  if (colon !== -1 && value.indexOf(':', colon + 1) === -1) {
    const p = value.slice(colon + 1);
    if (/^\d{1,5}$/.test(p)) return { host: value.slice(0, colon).replace(/\.$/, ''), port: Number(p) };
  }
  return { host: value.endsWith('.') ? value.slice(0, -1) : value };
}
