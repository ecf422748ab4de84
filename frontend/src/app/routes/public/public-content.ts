/** Text of the public pages: short, and honest about what the product is (a self-hosted CTI platform). */
import { publicPaths } from '@/config/paths';

export interface PublicPageContent {
  path: string;
  navLabel: string;
  title: string;
  paragraphs: string[];
}

export const publicPages: PublicPageContent[] = [
  {
    path: publicPaths.services,
    navLabel: 'Services',
    title: 'Services',
    paragraphs: [
      'The platform collects threat intelligence from public sources (known exploited vulnerabilities, exploit prediction scores, indicator feeds) and matches it against your own assets and network events.',
      'Analysts triage the resulting alerts, hunt across indicators, and brief leadership from the same data.',
    ],
  },
  {
    path: publicPaths.caseStudies,
    navLabel: 'Case studies',
    title: 'Case studies',
    paragraphs: [
      'Typical uses: finding which internet-facing assets run a product on the known-exploited list, checking a pasted list of indicators against everything seen so far, and watching lookalike domains of your brand.',
    ],
  },
  {
    path: publicPaths.about,
    navLabel: 'About',
    title: 'About',
    paragraphs: [
      'A self-hosted cyber threat-intelligence platform for security analysts and administrators.',
      'It runs on your own infrastructure: a database with row-level security, a realtime feed and an authentication service with two-factor sign-in for administrators.',
    ],
  },
  {
    path: publicPaths.contact,
    navLabel: 'Contact',
    title: 'Contact',
    paragraphs: [
      'For access to this installation, ask the administrator who operates it. Security issues should be reported to the same team.',
    ],
  },
  {
    path: publicPaths.whitepaper,
    navLabel: 'Whitepaper',
    title: 'Whitepaper',
    paragraphs: [
      'How the platform works: intelligence is imported from standard formats, stored as received, and always displayed as inert text; access is decided on the server by row-level security and checked functions, not in the browser.',
    ],
  },
  {
    path: publicPaths.securityReport,
    navLabel: 'Security report',
    title: 'Security report',
    paragraphs: [
      'Administrators use a second factor (TOTP with single-use backup codes). Sessions end after 15 minutes without activity. Security events are recorded on the server.',
    ],
  },
  {
    path: publicPaths.news,
    navLabel: 'News',
    title: 'News',
    paragraphs: ['Release notes for this installation are published by its administrators.'],
  },
  {
    path: publicPaths.privacy,
    navLabel: 'Privacy',
    title: 'Privacy',
    paragraphs: [
      'This installation stores the account data needed to sign you in (email address, role, two-factor settings) and a log of security events. Nothing is shared with third parties by the platform itself.',
    ],
  },
  {
    path: publicPaths.terms,
    navLabel: 'Terms',
    title: 'Terms',
    paragraphs: [
      'Use of this installation is governed by the organisation that operates it. Threat data may be subject to the sharing rules (TLP) shown next to it.',
    ],
  },
  {
    path: publicPaths.complianceCenter,
    navLabel: 'Compliance',
    title: 'Compliance center',
    paragraphs: [
      'Controls in place: role-based access enforced in the database, administrator two-factor authentication, inactivity sign-out, and an audit trail of security events.',
    ],
  },
];
