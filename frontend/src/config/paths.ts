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
  cases: 'cases',
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

/**
 * The URL parameters a link may set on each page: the keys that page's view schema reads. A page
 * absent here takes no parameters from links.
 */
interface PageLinkParams {
  threatIntelligenceHub: { alert?: string };
  cases: { case?: string; status?: string; kind?: string; assignee?: string };
  iocIntelligence: {
    open?: string | number;
    malware?: string;
    source?: string;
    seen?: string;
    status?: string;
  };
  liveCveFeed: { cve?: string; added?: string };
  enhancedCti: { open?: string };
  networkMonitoring: { sensor?: string };
  externalAssets: { asset?: string };
}

type LinkParams<P extends PlatformPage> = P extends keyof PageLinkParams ? PageLinkParams[P] : never;

/** A link to a platform page with its view parameters, each encoded once (the one way links are built). */
export function platformLink<P extends PlatformPage>(page: P, params?: LinkParams<P>): string {
  const query = new URLSearchParams();
  for (const [key, value] of Object.entries(params ?? {}) as [string, string | number | undefined][]) {
    if (value !== undefined) query.set(key, String(value));
  }
  const search = query.toString();
  return search ? `${platformPath(page)}?${search}` : platformPath(page);
}

/** Links to one entity on the page that shows it; each page opens its drawer (or filter) from the URL. */
export const entityPaths = {
  alert: (id: string) => platformLink('threatIntelligenceHub', { alert: id }),
  /** A case on its own page (Cases). */
  case: (id: string) => platformLink('cases', { case: id }),
  /** Malware, actors, campaigns, tools and techniques: Enhanced CTI's profile drawer. */
  knowledgeObject: (stixId: string) => platformLink('enhancedCti', { open: stixId }),
  sensor: (name: string) => platformLink('networkMonitoring', { sensor: name }),
  indicator: (id: string | number) => platformLink('iocIntelligence', { open: id }),
  cve: (cveId: string) => platformLink('liveCveFeed', { cve: cveId }),
  asset: (id: string) => platformLink('externalAssets', { asset: id }),
  /** The indicators of a malware family (or other knowledge object) on IOC Intelligence. */
  indicatorsOf: (stixId: string) => platformLink('iocIntelligence', { malware: stixId }),
};

/** Public redirects between public pages (history replaced); the platform pages' old URLs are in the page registry. */
export const publicRedirects: ReadonlyArray<{ from: string; to: string }> = [
  { from: '/resources', to: publicPaths.about },
];
