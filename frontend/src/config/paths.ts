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

/** Links to one entity on the page that shows it; each page opens its drawer (or filter) from the URL. */
export const entityPaths = {
  alert: (id: string) => `${platformPath('threatIntelligenceHub')}?alert=${encodeURIComponent(id)}`,
  /** Malware, actors, campaigns, tools and techniques: Enhanced CTI's profile drawer. */
  knowledgeObject: (stixId: string) => `${platformPath('enhancedCti')}?open=${encodeURIComponent(stixId)}`,
  sensor: (name: string) => `${platformPath('networkMonitoring')}?sensor=${encodeURIComponent(name)}`,
};

/** Public redirects between public pages (history replaced); the platform pages' old URLs are in the page registry. */
export const publicRedirects: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/resources', to: publicPaths.about },
];
