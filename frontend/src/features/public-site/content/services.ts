/** /services: what the platform does for a security team, feature by feature, as it works today. */
import type { ContentSection } from './section';

export const servicesLead =
  'Everything below runs on your own infrastructure from one installation: a PostgreSQL database, one gateway process and the web app. No data leaves it unless you export it.';

export const servicesSections: readonly ContentSection[] = [
  {
    heading: 'Vulnerability intelligence',
    paragraphs: [
      "The Live CVE Feed joins CISA's Known Exploited Vulnerabilities catalogue with FIRST's EPSS scores and the CVSS scores and CWE of the CVE List. Filter by vendor, ransomware use, overdue remediation or date added; sort by exploitation probability; follow the EPSS trend of each CVE.",
      "External Assets lists your own hosts and the products they run, and flags the ones exposed to a known exploited vulnerability (vendor and product compared by a normalised name, versions by the CVE record's ranges).",
    ],
  },
  {
    heading: 'Indicators and your telemetry',
    items: [
      'Indicators from abuse.ch ThreatFox, Feodo Tracker and URLhaus, MISP events and STIX 2.x bundles, each kept with its sources, confidence, TLP and validity.',
      'Network telemetry you upload (Suricata EVE or Zeek logs, streamed on the server up to 1 GB) is matched against every indicator; a match becomes a sighting and an alert carrying the evidence.',
      'IOC Intelligence searches by value, pasted lists or defanged text (hxxp, [.]), and revokes an indicator with a reason that is kept.',
    ],
  },
  {
    heading: 'Adversaries and techniques',
    paragraphs: [
      'Enhanced CTI profiles actors, malware, tools and campaigns from MITRE ATT&CK (Enterprise and ICS) and the MISP galaxies, with aliases, relationships and their indicators. The ATT&CK matrix shows the techniques of the objects you select, or the techniques seen in your own sightings.',
    ],
  },
  {
    heading: 'Operations',
    items: [
      'Threat Intelligence Hub: alert triage from new through acknowledged and investigating to resolved or dismissed (with a reason), with notes, assignment and a history of every change.',
      'Threat Hunting: bulk lookup of pasted indicators, saved hunts over indicators and sightings, and a hit raised as an alert in one step.',
      'Brand Protection and Dark Web Monitoring: lookalike domains of your own domains, and watched names and keywords matched against imported leak-site posts and pastes.',
      'Executive Briefing: the last 30 days against the 30 before, exported as a one-page PDF.',
      'Third-party intelligence: each source with its schedule, last run, records and rejects.',
    ],
  },
  {
    heading: 'Administration',
    items: [
      'Administrators sign in with a password and a TOTP second factor, with ten single-use backup codes.',
      'Every administrative action is written to an append-only audit trail in the same transaction as the action.',
      'Sources are configured in the app: schedule, default TLP, reliability on the Admiralty scale.',
    ],
  },
];
