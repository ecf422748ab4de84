/** Every route of SPEC.md §2 in one table; components and tests link through these names. */

export const publicPaths = {
  home: '/',
  auth: '/auth',
  services: '/services',
  caseStudies: '/case-studies',
  about: '/about',
  contact: '/contact',
  whitepaper: '/whitepaper',
  securityReport: '/security-report',
  news: '/news',
  privacy: '/privacy',
  terms: '/terms',
  complianceCenter: '/compliance-center',
} as const;

/** Platform sub-routes (relative to /platform). */
export const platformPages = {
  dashboard: 'dashboard',
  unifiedIntelligence: 'unified-intelligence',
  threatIntelligenceHub: 'threat-intelligence-hub',
  threatHunting: 'threat-hunting',
  enhancedCti: 'enhanced-cti',
  liveCveFeed: 'live-cve-feed',
  networkMonitoring: 'network-monitoring',
  executiveBriefing: 'executive-briefing',
  socradarIntelligence: 'socradar-intelligence',
  darkWebMonitoring: 'dark-web-monitoring',
  brandProtection: 'brand-protection',
  iocIntelligence: 'ioc-intelligence',
  externalAssets: 'external-assets',
  globalThreatFeed: 'global-threat-feed',
  threatAnalyticsDashboard: 'threat-analytics-dashboard',
  userManagement: 'user-management',
  systemConfig: 'system-config',
  profile: 'profile',
  admin: 'admin',
} as const;

export type PlatformPage = keyof typeof platformPages;

export const PLATFORM_ROOT = '/platform';

export function platformPath(page: PlatformPage): string {
  return `${PLATFORM_ROOT}/${platformPages[page]}`;
}

/** Public redirects (history replaced). */
export const redirects: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/dashboard-demo', to: platformPath('dashboard') },
  { from: '/nexus-system-dashboard', to: platformPath('dashboard') },
  { from: '/resources', to: publicPaths.about },
  { from: '/quantum-threat-center', to: platformPath('unifiedIntelligence') },
  { from: '/quantum-ai-center', to: platformPath('unifiedIntelligence') },
  { from: '/quantum-security-center', to: platformPath('unifiedIntelligence') },
  { from: '/attack-surface', to: platformPath('externalAssets') },
  { from: '/global-threat-feed', to: platformPath('globalThreatFeed') },
  { from: '/threat-analytics-dashboard', to: platformPath('threatAnalyticsDashboard') },
  { from: '/user-management', to: platformPath('userManagement') },
  { from: '/system-config', to: platformPath('systemConfig') },
];

/** Redirects that need a signed-in user first (and /admin an authorized admin). */
export const protectedRedirects: ReadonlyArray<{ from: string; to: string; adminOnly: boolean }> = [
  { from: '/dashboard', to: platformPath('dashboard'), adminOnly: false },
  { from: '/unified-intelligence', to: platformPath('unifiedIntelligence'), adminOnly: false },
  { from: '/threat-intelligence-hub', to: platformPath('threatIntelligenceHub'), adminOnly: false },
  { from: '/profile', to: platformPath('profile'), adminOnly: false },
  { from: '/admin', to: platformPath('admin'), adminOnly: true },
];
