/** /about: what the product is, who it is for and how it is built. */
import type { ContentSection } from './section';

export const aboutSections: readonly ContentSection[] = [
  {
    heading: 'What it is',
    paragraphs: [
      'A self-hosted cyber threat-intelligence platform for security analysts and the administrators who run it. It collects public intelligence, keeps it with its provenance and sharing markings, and matches it against your own assets and telemetry.',
    ],
  },
  {
    heading: 'Who it is for',
    paragraphs: [
      'Small and medium security teams who want known exploited vulnerabilities, indicators and adversary knowledge in one place, without sending their telemetry to a third party.',
    ],
  },
  {
    heading: 'How it is built',
    paragraphs: [
      'Open formats in (STIX 2.x, MISP, CSV and JSON feeds, the CVE JSON 5 record), PostgreSQL with row-level security as the single place where access is decided, a Supabase-compatible API and a React web app. The whole backend is code in one repository: migrations, functions and tests.',
      'Each release is checked by unit, database, browser, accessibility and hardening test suites; the latest hardening results are on the security report page.',
    ],
  },
];
