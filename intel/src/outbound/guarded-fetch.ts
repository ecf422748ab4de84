/**
 * The one fetch every outbound request of intel goes through (source downloads, MISP feeds, the
 * TAXII client, notification webhooks). The address rules (address-rules.ts) are applied when the
 * connection is made, to the address actually connected to: an undici Agent whose connector
 * resolves names with a lookup that refuses a forbidden answer, and refuses a forbidden literal
 * address before connecting. So a name that resolves to a public address when checked and to
 * 169.254.169.254 a moment later (DNS rebinding) is still refused, and so is a redirect to a
 * metadata address: undici follows redirects through the same Agent.
 * (undici: https://undici.nodejs.org/#/docs/api/Agent, connector options passed to net.connect /
 * tls.connect, whose `lookup` option is dns.lookup's signature.)
 */
import dns from 'node:dns';
import { isIP, type LookupFunction } from 'node:net';
import { Agent, buildConnector, fetch as undiciFetch } from 'undici';
import {
  DEFAULT_OUTBOUND_POLICY,
  OutboundRefused,
  checkOutboundUrl,
  refusalForAddress,
  refusalForHostname,
  refusedMessage,
  type OutboundPolicy,
} from './address-rules.js';

/** dns.lookup, refusing the whole answer when any address in it is refused. */
export function guardedLookup(
  policy: OutboundPolicy,
  resolve: typeof dns.lookup = dns.lookup,
): LookupFunction {
  return (hostname, options, callback) => {
    const byName = refusalForHostname(hostname);
    if (byName) {
      callback(new OutboundRefused(refusedMessage(hostname, byName)), '', 0);
      return;
    }
    resolve(hostname, { ...options, all: true }, (error, addresses) => {
      if (error) return callback(error, '', 0);
      const list = addresses as unknown as dns.LookupAddress[];
      for (const { address } of list) {
        const reason = refusalForAddress(address, policy);
        if (reason) return callback(new OutboundRefused(refusedMessage(hostname, reason)), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: dns.LookupAddress[]) => void)(null, list);
      const first = list[0];
      if (!first)
        return callback(Object.assign(new Error(`${hostname} has no address`), { code: 'ENOTFOUND' }), '', 0);
      callback(null, first.address, first.family);
    });
  };
}

const agents = new WeakMap<OutboundPolicy, Agent>();

/** An undici Agent that connects only where the policy allows. */
export function guardedAgent(policy: OutboundPolicy, resolve?: typeof dns.lookup): Agent {
  let agent = resolve ? undefined : agents.get(policy);
  if (agent) return agent;
  const connect = buildConnector({ lookup: guardedLookup(policy, resolve) } as buildConnector.BuildOptions);
  agent = new Agent({
    connect: (options, callback) => {
      const host = options.hostname.replace(/^\[|\]$/g, '');
      const reason = isIP(host) ? refusalForAddress(host, policy) : undefined;
      if (reason) return callback(new OutboundRefused(refusedMessage(options.host ?? host, reason)), null);
      return connect(options, callback);
    },
  });
  if (!resolve) agents.set(policy, agent);
  return agent;
}

/** The refusal behind a failed fetch ("fetch failed" with the reason as its cause), if it is one. */
export function outboundRefusal(error: unknown): OutboundRefused | undefined {
  for (let e = error as { cause?: unknown } | undefined, i = 0; e && i < 5; e = e.cause as typeof e, i++)
    if (e instanceof OutboundRefused) return e;
  return undefined;
}

/**
 * fetch() under the policy. A refused address throws OutboundRefused with the reason in plain
 * words (not undici's bare "fetch failed"), so callers can show it and not retry.
 */
export function guardedFetch(
  policy: OutboundPolicy = DEFAULT_OUTBOUND_POLICY,
  resolve?: typeof dns.lookup,
): typeof fetch {
  const dispatcher = guardedAgent(policy, resolve);
  return (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    checkOutboundUrl(url, policy);
    try {
      return await undiciFetch(url, { ...(init as object), dispatcher } as Parameters<typeof undiciFetch>[1]);
    } catch (error) {
      throw outboundRefusal(error) ?? error;
    }
  }) as unknown as typeof fetch;
}
