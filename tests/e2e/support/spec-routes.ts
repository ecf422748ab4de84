/**
 * The routes of SPEC.md §2, written out here on purpose rather than imported from the app's
 * config/paths.ts: the browser tests check the app against the spec, not against itself.
 */

export const PUBLIC_PAGES: readonly { path: string; heading: string }[] = [
  { path: '/', heading: 'Quantum Intelligence Platform' },
  { path: '/services', heading: 'Services' },
  { path: '/case-studies', heading: 'Case studies' },
  { path: '/about', heading: 'About' },
  { path: '/contact', heading: 'Contact' },
  { path: '/whitepaper', heading: 'Whitepaper' },
  { path: '/security-report', heading: 'Security report' },
  { path: '/news', heading: 'News' },
  { path: '/privacy', heading: 'Privacy' },
  { path: '/terms', heading: 'Terms' },
  { path: '/compliance-center', heading: 'Compliance center' },
];

/** Public redirects (all replace history). */
export const REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/dashboard-demo', to: '/platform/dashboard' },
  { from: '/nexus-system-dashboard', to: '/platform/dashboard' },
  { from: '/resources', to: '/about' },
  { from: '/quantum-threat-center', to: '/platform/unified-intelligence' },
  { from: '/quantum-ai-center', to: '/platform/unified-intelligence' },
  { from: '/quantum-security-center', to: '/platform/unified-intelligence' },
  { from: '/attack-surface', to: '/platform/external-assets' },
  { from: '/global-threat-feed', to: '/platform/global-threat-feed' },
  { from: '/threat-analytics-dashboard', to: '/platform/threat-analytics-dashboard' },
  { from: '/user-management', to: '/platform/user-management' },
  { from: '/system-config', to: '/platform/system-config' },
];

/** Redirects that need sign-in first (/admin also needs an admin: see admin-mfa.spec.ts). */
export const PROTECTED_REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/dashboard', to: '/platform/dashboard' },
  { from: '/unified-intelligence', to: '/platform/unified-intelligence' },
  { from: '/threat-intelligence-hub', to: '/platform/threat-intelligence-hub' },
  { from: '/profile', to: '/platform/profile' },
];

/** Redirects inside the platform area. */
export const PLATFORM_REDIRECTS: readonly { from: string; to: string }[] = [
  { from: '/platform/quantum-intelligence', to: '/platform/unified-intelligence' },
  { from: '/platform/no-such-page', to: '/platform/dashboard' },
  { from: '/platform/threat-hunting/deeper/unknown', to: '/platform/dashboard' },
];

export const ADMIN_NOTICE = 'Admin privileges required. Contact your administrator for access.';

/**
 * The sidebar of SPEC §2 as an analyst sees it, with Cases (issue 29) after the Hub: groups and items, in order. The groups carry no
 * classification words (they clashed with TLP) and the administrators' pages are listed to admins only.
 */
export const SIDEBAR_GROUPS: readonly { title: string; items: string[] }[] = [
  {
    title: 'Command Center',
    items: ['Dashboard', 'Unified Intelligence', 'Executive Briefing'],
  },
  {
    title: 'Threat Intelligence',
    items: ['Threat Intelligence Hub', 'Cases', 'Live CVE Feed', 'Enhanced CTI', 'Threat Hunting'],
  },
  {
    title: 'Monitoring & Protection',
    // The spec names the fifth only as "a third-party intelligence page".
    items: [
      'Dark Web Monitoring',
      'Brand Protection',
      'IOC Intelligence',
      'External Assets',
      'Third-Party Intelligence',
    ],
  },
  {
    title: 'Platform Systems',
    items: ['Network Monitoring', 'Global Threat Feed', 'Threat Analytics'],
  },
];
