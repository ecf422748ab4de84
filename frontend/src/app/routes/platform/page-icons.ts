/**
 * The sidebar's icon for each page. Kept apart from the registry, which the public routes load too:
 * only the signed-in shell downloads the icons.
 */
import type { IconType } from 'react-icons';
import {
  LuBadgeCheck,
  LuBrainCircuit,
  LuBriefcase,
  LuBug,
  LuChartColumn,
  LuCircleUser,
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
  LuShieldCheck,
  LuUsers,
} from 'react-icons/lu';
import type { PlatformPage } from '@/config/paths';

export const pageIcons: Readonly<Record<PlatformPage, IconType>> = {
  dashboard: LuLayoutDashboard,
  unifiedIntelligence: LuBrainCircuit,
  executiveBriefing: LuFileText,
  threatIntelligenceHub: LuShieldAlert,
  cases: LuBriefcase,
  liveCveFeed: LuBug,
  enhancedCti: LuRadar,
  threatHunting: LuCrosshair,
  darkWebMonitoring: LuGhost,
  brandProtection: LuBadgeCheck,
  iocIntelligence: LuFingerprint,
  externalAssets: LuGlobe,
  socradarIntelligence: LuSatelliteDish,
  networkMonitoring: LuNetwork,
  globalThreatFeed: LuRss,
  threatAnalyticsDashboard: LuChartColumn,
  userManagement: LuUsers,
  systemConfig: LuSettings,
  admin: LuShieldCheck,
  profile: LuCircleUser,
};
