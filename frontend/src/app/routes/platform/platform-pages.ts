/** Title and purpose of every platform page (DESIGN.md §6); the placeholders show these until built. */
import type { PlatformPage } from '../../../config/paths';

export interface PlatformPageInfo {
  page: PlatformPage;
  title: string;
  description: string;
  adminOnly?: boolean;
}

export const platformPageTable: readonly PlatformPageInfo[] = [
  {
    page: 'dashboard',
    title: 'Dashboard',
    description:
      'Key figures (new alerts in 24 h, open critical alerts, KEV additions, active indicators, exposed assets), the alert trend, top malware families, the latest KEV entries and service health.',
  },
  {
    page: 'unifiedIntelligence',
    title: 'Unified Intelligence',
    description:
      'One search across CVEs, indicators, actors, malware, techniques, assets and alerts, with an entity view of their relationships.',
  },
  {
    page: 'threatIntelligenceHub',
    title: 'Threat Intelligence Hub',
    description:
      'Alert triage: filters, details, the status workflow from new to resolved or dismissed, assignment, notes, bulk actions and live updates.',
  },
  {
    page: 'threatHunting',
    title: 'Threat Hunting',
    description:
      'Bulk lookup of pasted indicators (defanged accepted), saved hunts over indicators and sightings, and turning a hit into an alert.',
  },
  {
    page: 'enhancedCti',
    title: 'Enhanced CTI',
    description:
      'Threat actors, intrusion sets, malware and campaigns with an ATT&CK matrix heat map and actor profiles.',
  },
  {
    page: 'liveCveFeed',
    title: 'Live CVE Feed',
    description:
      'Known exploited vulnerabilities with EPSS and CVSS scores, due dates, ransomware use and the exposure of our assets, updated as imports land.',
  },
  {
    page: 'networkMonitoring',
    title: 'Network Monitoring',
    description:
      'Imported network events (Suricata EVE JSON, Zeek conn logs) matched against indicators into sightings and alerts.',
  },
  {
    page: 'executiveBriefing',
    title: 'Executive Briefing',
    description:
      'A period summary of alerts, top threats, KEV exposure and trends, with PDF export and a TLP banner.',
  },
  {
    page: 'socradarIntelligence',
    title: 'Third-party Intelligence',
    description:
      'The intelligence sources: status, last run, counts and reliability, and starting an import.',
  },
  {
    page: 'darkWebMonitoring',
    title: 'Dark Web Monitoring',
    description: 'Watched keywords matched against imported leak-site and paste mentions.',
  },
  {
    page: 'brandProtection',
    title: 'Brand Protection',
    description:
      'Watched brands and domains, with generated lookalike domains matched against known malicious ones.',
  },
  {
    page: 'iocIntelligence',
    title: 'IOC Intelligence',
    description:
      'Indicators of compromise with filters, sources, first and last seen, confidence and TLP, plus STIX 2.1 and CSV import and export.',
  },
  {
    page: 'externalAssets',
    title: 'External Assets',
    description:
      'The asset inventory (CSV import) with products matched to KEV and CVE entries to show exposure.',
  },
  {
    page: 'globalThreatFeed',
    title: 'Global Threat Feed',
    description: 'A live, chronological stream of newly imported intelligence.',
  },
  {
    page: 'threatAnalyticsDashboard',
    title: 'Threat Analytics',
    description:
      'Charts over indicators and alerts (time to acknowledge and resolve), KEV by vendor, EPSS distribution and technique frequency.',
  },
  {
    page: 'userManagement',
    title: 'User Management',
    description: 'Users and roles, and resetting an administrator’s two-factor authentication.',
    adminOnly: true,
  },
  {
    page: 'systemConfig',
    title: 'System Configuration',
    description: 'Platform settings, each change recorded in an audit trail.',
    adminOnly: true,
  },
  {
    page: 'profile',
    title: 'Profile',
    description: 'Your name, password, theme, two-factor status and backup codes.',
  },
  {
    page: 'admin',
    title: 'Admin Dashboard',
    description: 'Security events and performance reports for administrators.',
    adminOnly: true,
  },
];

export function platformPageInfo(page: PlatformPage): PlatformPageInfo {
  return platformPageTable.find((info) => info.page === page)!;
}
