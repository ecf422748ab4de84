/** The home page's claims: each one is something the platform does today (or says plainly that it does not yet). */
import type { Capability } from '@/features/public-site/components/capability-list';
import type { Screenshot } from '@/features/public-site/components/screenshot-gallery';

export const HOME_LEAD =
  'A self-hosted threat-intelligence platform for security teams: it imports public intelligence, matches it against your own assets and network telemetry, and turns the result into alerts to triage and briefings to hand on.';

export const capabilities: readonly Capability[] = [
  {
    title: 'Known exploited vulnerabilities, ranked',
    text: "CISA's KEV catalogue joined with FIRST EPSS scores and CVSS from the CVE List, refreshed on a schedule: see what attackers use now, what is likely next, and which remediation dates are overdue.",
  },
  {
    title: 'Indicators matched against your telemetry',
    text: 'Indicators from abuse.ch ThreatFox, Feodo Tracker, URLhaus, MISP and STIX bundles are matched against the network events and assets you upload; every hit becomes a sighting and an alert with its evidence.',
  },
  {
    title: 'MITRE ATT&CK matrix',
    text: 'The Enterprise matrix as a keyboard-navigable grid, coloured by the actors, malware and tools you select or by the techniques seen in your own data; every technique opens its profile.',
  },
  {
    title: 'Executive briefings as PDF',
    text: 'A one-page PDF on the last 30 days (alerts against the previous period, newly exploited vulnerabilities, the most active threats), generated in the browser from the data analysts work with and marked with its TLP.',
  },
  {
    title: 'Triage, hunting and brand watch',
    text: 'Alert triage with notes and an audit trail, hunts across every indicator and sighting, and lookalike-domain watches for your brands.',
  },
  {
    title: 'TAXII 2.1 and STIX exchange',
    text: 'A TAXII 2.1 server hands your partners and tools the intelligence their account may read, with personal API keys and paging; STIX 2.1 and MISP bundles import, and every list exports as STIX, MISP JSON or CSV.',
  },
];

export const screenshots: readonly Screenshot[] = [
  {
    stem: 'dashboard',
    alt: 'The platform dashboard with counts of new alerts, exploited vulnerabilities and indicators, an alert trend chart and the latest KEV additions.',
    caption: 'Dashboard: the day at a glance, every figure a link to the filtered list behind it.',
  },
  {
    stem: 'live-cve-feed',
    alt: 'The Live CVE Feed: a table of known exploited vulnerabilities with vendor, product, date added, due date, EPSS score and CVSS severity.',
    caption: 'Live CVE Feed: CISA KEV with EPSS and CVSS, filtered and sorted on the server.',
  },
  {
    stem: 'attack-matrix',
    alt: 'The MITRE ATT&CK Enterprise matrix: tactics as columns, techniques as cells with their ATT&CK ids and counts of sub-techniques.',
    caption: 'Enhanced CTI: the ATT&CK matrix, coloured by the actors, malware and tools you select.',
  },
  {
    stem: 'ioc-intelligence',
    alt: 'IOC Intelligence: a list of indicators with type, defanged value, TLP marking, confidence and sources.',
    caption: 'IOC Intelligence: every indicator with its sources, TLP and confidence, values shown defanged.',
  },
];
