/** The online enrichment services by id (their rows in public.enrichment_services share the ids). */
import type { Connector } from '../connector.js';
import { abuseIpDb } from './abuseipdb.js';
import { circlPdns } from './circl-pdns.js';
import { greyNoise } from './greynoise.js';
import { rdap } from './rdap.js';
import { shodanInternetDb } from './shodan-internetdb.js';
import { urlscan } from './urlscan.js';
import { virusTotal } from './virustotal.js';

export const CONNECTORS: Readonly<Record<string, Connector<never>>> = Object.fromEntries(
  [rdap, circlPdns, shodanInternetDb, abuseIpDb, greyNoise, virusTotal, urlscan].map((c) => [
    c.id,
    c as Connector<never>,
  ]),
);
