/** /whitepaper: the architecture, how access and TLP are enforced, and what is measured. */
import type { ContentSection } from './section';

export const whitepaperLead =
  'How the platform is put together, where each decision about access is made, and which numbers are measured on every release.';

export const whitepaperSections: readonly ContentSection[] = [
  {
    heading: 'PostgreSQL decides who reads what',
    paragraphs: [
      'All data lives in one PostgreSQL database. Every table has row-level security on; the browser never decides access. Anonymous visitors can call four narrow functions (the public figures, the KEV additions, the TLP:CLEAR highlights and the contact form) and read no table at all.',
      'Functions the app calls run as checked security-definer functions with an empty search path; they verify the caller, validate their input and raise errors in plain words. Administrative actions additionally require a second factor passed in the same session.',
    ],
  },
  {
    heading: 'TLP is enforced in the database',
    items: [
      'Every indicator, knowledge object, relationship and CVE carries a Traffic Light Protocol 2.0 marking; a source gives its default marking to records that carry none.',
      'Analysts read everything up to TLP:AMBER+STRICT. TLP:RED is returned only to administrators who passed their second factor in the current session.',
      'An indicator reported by several sources takes the least restrictive marking among them: the value itself is that widely shared.',
      'Aggregates (dashboard figures, analytics, the executive briefing) run as the caller, so what a reader may not see is neither counted nor named.',
    ],
  },
  {
    heading: 'One gateway',
    paragraphs: [
      'A single gateway process serves the Supabase-compatible APIs (auth, REST, realtime, storage, functions) and the web app. It verifies tokens, limits requests per user or address (100 in 10 seconds), refuses bodies over 1 MB, answers CORS from an allow-list and serves the app with a nonce-based Content Security Policy and the usual security headers.',
      'Realtime channels (the live alert count, the event stream) are authorised by the same row-level security as reads.',
    ],
  },
  {
    heading: 'Importers',
    paragraphs: [
      'Importers read the standard formats (CISA KEV, FIRST EPSS, CVE JSON 5, MITRE ATT&CK STIX, STIX 2.x bundles, MISP events and galaxies, abuse.ch ThreatFox, Feodo Tracker and URLhaus, Suricata EVE and Zeek telemetry) as streams, in constant memory. Each run is recorded with its counts and every rejected record with its reason. Re-importing the same data changes nothing; older data never overwrites newer.',
    ],
  },
  {
    heading: 'Hostile data stays inert',
    paragraphs: [
      'Threat intelligence is full of attacker-controlled text: malicious URLs, script fragments in descriptions, crafted names. The app renders every such value as plain text, never as HTML, and shows indicator values defanged (hxxp, [.]) so they cannot be clicked by accident. The hardening suite feeds a corpus of known XSS payloads through the pages and checks that none executes.',
    ],
  },
  {
    heading: 'What is measured',
    items: [
      'JavaScript downloaded by the public site: at most 200 KB compressed; each platform page adds at most 60 KB of its own.',
      'Chart and list queries at one million indicators: 95th percentile under 300 ms each.',
      'Import throughput and memory for the largest feeds (EPSS: 360,000 rows).',
      'The hardening suite: access matrix of every table and function for every role, JWT tampering, SQL injection, rate limits, oversized bodies, headers and XSS. Its latest summary is on the security report page.',
    ],
  },
];
