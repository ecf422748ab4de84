/** The sidebar's four groups of SPEC §2, in the spec's order, each with its classification label. */
import type { IconType } from 'react-icons';
import {
  LuBadgeCheck,
  LuBrainCircuit,
  LuBug,
  LuChartColumn,
  LuCrosshair,
  LuFileText,
  LuFingerprint,
  LuGhost,
  LuGlobe,
  LuLayoutDashboard,
  LuNetwork,
  LuRadar,
  LuRss,
  LuSatelliteDish,
  LuSettings,
  LuShieldAlert,
  LuUsers,
} from 'react-icons/lu';
import type { PlatformPage } from '../../../config/paths';

export type SidebarGroupId =
  'commandCenter' | 'threatIntelligence' | 'monitoringProtection' | 'platformSystems';

export type Classification = 'UNCLASSIFIED' | 'CONFIDENTIAL' | 'SECRET';

export interface SidebarItem {
  page: PlatformPage;
  label: string;
  icon: IconType;
}

export interface SidebarGroup {
  id: SidebarGroupId;
  title: string;
  classification: Classification;
  items: readonly SidebarItem[];
}

export const sidebarGroups: readonly SidebarGroup[] = [
  {
    id: 'commandCenter',
    title: 'Command Center',
    classification: 'UNCLASSIFIED',
    items: [
      { page: 'dashboard', label: 'Dashboard', icon: LuLayoutDashboard },
      { page: 'unifiedIntelligence', label: 'Unified Intelligence', icon: LuBrainCircuit },
      { page: 'executiveBriefing', label: 'Executive Briefing', icon: LuFileText },
    ],
  },
  {
    id: 'threatIntelligence',
    title: 'Threat Intelligence',
    classification: 'CONFIDENTIAL',
    items: [
      { page: 'threatIntelligenceHub', label: 'Threat Intelligence Hub', icon: LuShieldAlert },
      { page: 'liveCveFeed', label: 'Live CVE Feed', icon: LuBug },
      { page: 'enhancedCti', label: 'Enhanced CTI', icon: LuRadar },
      { page: 'threatHunting', label: 'Threat Hunting', icon: LuCrosshair },
    ],
  },
  {
    id: 'monitoringProtection',
    title: 'Monitoring & Protection',
    classification: 'CONFIDENTIAL',
    items: [
      { page: 'darkWebMonitoring', label: 'Dark Web Monitoring', icon: LuGhost },
      { page: 'brandProtection', label: 'Brand Protection', icon: LuBadgeCheck },
      { page: 'iocIntelligence', label: 'IOC Intelligence', icon: LuFingerprint },
      { page: 'externalAssets', label: 'External Assets', icon: LuGlobe },
      { page: 'socradarIntelligence', label: 'Third-Party Intelligence', icon: LuSatelliteDish },
    ],
  },
  {
    id: 'platformSystems',
    title: 'Platform Systems',
    classification: 'SECRET',
    items: [
      { page: 'networkMonitoring', label: 'Network Monitoring', icon: LuNetwork },
      { page: 'globalThreatFeed', label: 'Global Threat Feed', icon: LuRss },
      { page: 'threatAnalyticsDashboard', label: 'Threat Analytics', icon: LuChartColumn },
      { page: 'userManagement', label: 'User Management', icon: LuUsers },
      { page: 'systemConfig', label: 'System Configuration', icon: LuSettings },
    ],
  },
];

/** Every group open, as at the start (SPEC §2). */
export function allGroupsOpen(): Record<SidebarGroupId, boolean> {
  return Object.fromEntries(sidebarGroups.map((group) => [group.id, true])) as Record<
    SidebarGroupId,
    boolean
  >;
}
