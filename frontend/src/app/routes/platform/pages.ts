/**
 * The one registry of platform pages. The router, the sidebar, the legacy redirects and the tab
 * titles are derived from it; URLs themselves live in config/paths.ts, which features link through.
 */
import type { ComponentType } from 'react';
import type { PlatformPage } from '@/config/paths';

export type NavGroupId = 'commandCenter' | 'threatIntelligence' | 'monitoringProtection' | 'platformSystems';

/**
 * The sidebar's four groups of SPEC §2, in the spec's order. SPEC gave them government classification
 * labels (UNCLASSIFIED … SECRET); they are left out: they marked nothing and clashed with TLP.
 */
export const navGroupTable: readonly { id: NavGroupId; title: string }[] = [
  { id: 'commandCenter', title: 'Command Center' },
  { id: 'threatIntelligence', title: 'Threat Intelligence' },
  { id: 'monitoringProtection', title: 'Monitoring & Protection' },
  { id: 'platformSystems', title: 'Platform Systems' },
];

export interface PlatformPageProps {
  definition: PlatformPageDefinition;
}

export interface PlatformPageDefinition {
  key: PlatformPage;
  /** The page's heading and tab title. */
  title: string;
  navLabel: string;
  /** Where the sidebar lists it; null: reached from the profile menu. */
  group: NavGroupId | null;
  adminOnly: boolean;
  /** What the page is for; placeholders show it until the page is built. */
  description: string;
  /** The page's route module, loaded on first visit. */
  load: () => Promise<{ default: ComponentType<PlatformPageProps> }>;
  /** Old top-level URLs that lead here (SPEC §2); signIn: the visitor signs in before the redirect. */
  legacyPaths?: readonly { from: string; signIn: boolean }[];
}

/** In sidebar order within each group. */
export const platformPageRegistry: readonly PlatformPageDefinition[] = [
  {
    key: 'dashboard',
    title: 'Dashboard',
    navLabel: 'Dashboard',
    group: 'commandCenter',
    adminOnly: false,
    description:
      'Key figures (new alerts in 24 h, open critical alerts, KEV additions, active indicators, exposed assets), the alert trend, top malware families, the latest KEV entries and service health.',
    load: () => import('./dashboard'),
    legacyPaths: [
      { from: '/dashboard', signIn: true },
      { from: '/dashboard-demo', signIn: false },
      { from: '/nexus-system-dashboard', signIn: false },
    ],
  },
  {
    key: 'unifiedIntelligence',
    title: 'Unified Intelligence',
    navLabel: 'Unified Intelligence',
    group: 'commandCenter',
    adminOnly: false,
    description:
      'One search across CVEs, indicators, actors, intrusion sets, malware, tools, techniques, campaigns, alerts and our assets, with an entity view of their relationships.',
    load: () => import('./unified-intelligence'),
    legacyPaths: [
      { from: '/unified-intelligence', signIn: true },
      { from: '/quantum-threat-center', signIn: false },
      { from: '/quantum-ai-center', signIn: false },
      { from: '/quantum-security-center', signIn: false },
    ],
  },
  {
    key: 'executiveBriefing',
    title: 'Executive Briefing',
    navLabel: 'Executive Briefing',
    group: 'commandCenter',
    adminOnly: false,
    description:
      'A period summary of alerts, top threats, KEV exposure and trends, with PDF export and a TLP banner.',
    load: () => import('./executive-briefing'),
  },
  {
    key: 'threatIntelligenceHub',
    title: 'Threat Intelligence Hub',
    navLabel: 'Threat Intelligence Hub',
    group: 'threatIntelligence',
    adminOnly: false,
    description:
      'Alert triage: filters, details, the status workflow from new to resolved or dismissed, assignment, notes, bulk actions and live updates.',
    load: () => import('./threat-intelligence-hub'),
    legacyPaths: [{ from: '/threat-intelligence-hub', signIn: true }],
  },
  {
    key: 'cases',
    title: 'Cases',
    navLabel: 'Cases',
    group: 'threatIntelligence',
    adminOnly: false,
    description:
      'Incidents, requests for information and takedowns: alerts and intelligence linked to one case, with tasks, append-only notes, attachments, a timeline, SLA timers and PDF or STIX exports.',
    load: () => import('./cases'),
  },
  {
    key: 'liveCveFeed',
    title: 'Live CVE Feed',
    navLabel: 'Live CVE Feed',
    group: 'threatIntelligence',
    adminOnly: false,
    description:
      'Known exploited vulnerabilities with EPSS and CVSS scores, due dates, ransomware use and the exposure of our assets, updated as imports land.',
    load: () => import('./live-cve-feed'),
  },
  {
    key: 'enhancedCti',
    title: 'Enhanced CTI',
    navLabel: 'Enhanced CTI',
    group: 'threatIntelligence',
    adminOnly: false,
    description:
      'Threat actors, intrusion sets, malware and campaigns with an ATT&CK matrix heat map and actor profiles.',
    load: () => import('./enhanced-cti'),
  },
  {
    key: 'threatHunting',
    title: 'Threat Hunting',
    navLabel: 'Threat Hunting',
    group: 'threatIntelligence',
    adminOnly: false,
    description:
      'Bulk lookup of pasted indicators (defanged accepted), saved hunts over indicators and sightings, and turning a hit into an alert.',
    load: () => import('./threat-hunting'),
  },
  {
    key: 'darkWebMonitoring',
    title: 'Dark Web Monitoring',
    navLabel: 'Dark Web Monitoring',
    group: 'monitoringProtection',
    adminOnly: false,
    description: 'Watched keywords matched against imported leak-site and paste mentions.',
    load: () => import('./dark-web-monitoring'),
  },
  {
    key: 'brandProtection',
    title: 'Brand Protection',
    navLabel: 'Brand Protection',
    group: 'monitoringProtection',
    adminOnly: false,
    description:
      'Watched brands and domains, with generated lookalike domains matched against known malicious ones.',
    load: () => import('./brand-protection'),
  },
  {
    key: 'iocIntelligence',
    title: 'IOC Intelligence',
    navLabel: 'IOC Intelligence',
    group: 'monitoringProtection',
    adminOnly: false,
    description:
      'Indicators of compromise with filters, sources, first and last seen, confidence and TLP, plus STIX 2.1 and CSV import and export.',
    load: () => import('./ioc-intelligence'),
  },
  {
    key: 'externalAssets',
    title: 'External Assets',
    navLabel: 'External Assets',
    group: 'monitoringProtection',
    adminOnly: false,
    description:
      'The asset inventory (CSV import) with products matched to KEV and CVE entries to show exposure.',
    load: () => import('./external-assets'),
    legacyPaths: [{ from: '/attack-surface', signIn: false }],
  },
  {
    key: 'socradarIntelligence',
    title: 'Third-Party Intelligence',
    navLabel: 'Third-Party Intelligence',
    group: 'monitoringProtection',
    adminOnly: false,
    description:
      'The intelligence sources: status, last run, counts and reliability, and starting an import.',
    load: () => import('./third-party-intelligence'),
  },
  {
    key: 'networkMonitoring',
    title: 'Network Monitoring',
    navLabel: 'Network Monitoring',
    group: 'platformSystems',
    adminOnly: false,
    description:
      'Imported network events (Suricata EVE JSON, Zeek conn logs) matched against indicators into sightings and alerts.',
    load: () => import('./network-monitoring'),
  },
  {
    key: 'globalThreatFeed',
    title: 'Global Threat Feed',
    navLabel: 'Global Threat Feed',
    group: 'platformSystems',
    adminOnly: false,
    description: 'A live, chronological stream of newly imported intelligence.',
    load: () => import('./global-threat-feed'),
    legacyPaths: [{ from: '/global-threat-feed', signIn: false }],
  },
  {
    key: 'threatAnalyticsDashboard',
    title: 'Threat Analytics',
    navLabel: 'Threat Analytics',
    group: 'platformSystems',
    adminOnly: false,
    description:
      'Charts over indicators and alerts (time to acknowledge and resolve), KEV by vendor, EPSS distribution and technique frequency.',
    load: () => import('./threat-analytics'),
    legacyPaths: [{ from: '/threat-analytics-dashboard', signIn: false }],
  },
  {
    key: 'userManagement',
    title: 'User Management',
    navLabel: 'User Management',
    group: 'platformSystems',
    adminOnly: true,
    description: 'Users and roles, and resetting an administrator’s two-factor authentication.',
    load: () => import('./user-management'),
    legacyPaths: [{ from: '/user-management', signIn: false }],
  },
  {
    key: 'systemConfig',
    title: 'System Configuration',
    navLabel: 'System Configuration',
    group: 'platformSystems',
    adminOnly: true,
    description: 'Platform settings, each change recorded in an audit trail.',
    load: () => import('./system-configuration'),
    legacyPaths: [{ from: '/system-config', signIn: false }],
  },
  {
    key: 'admin',
    title: 'Admin Dashboard',
    navLabel: 'Admin Dashboard',
    group: 'platformSystems',
    adminOnly: true,
    description: 'Security events and performance reports for administrators.',
    load: () => import('./admin-dashboard'),
    legacyPaths: [{ from: '/admin', signIn: true }],
  },
  {
    key: 'profile',
    title: 'Profile',
    navLabel: 'Profile',
    group: null,
    adminOnly: false,
    description: 'Your name, password, theme, two-factor status and backup codes.',
    load: () => import('./profile'),
    legacyPaths: [{ from: '/profile', signIn: true }],
  },
];

export function pageDefinition(key: PlatformPage): PlatformPageDefinition {
  return platformPageRegistry.find((page) => page.key === key)!;
}
