/**
 * The signed-in platform's frame (SPEC §2): collapsible sidebar or mobile drawer, header with the toggle,
 * service-health banner, and the page in the Outlet. It also runs the shell-wide monitors.
 */
import { Box, Flex } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useMemo } from 'react';
import { Outlet } from 'react-router';
import { NewAlertBadge } from '@/features/alerts/components/new-alert-badge';
import { useNewAlertCount } from '@/features/alerts/api/get-new-alert-count';
import { useAlertChanges } from '@/features/alerts/hooks/use-alert-changes';
import { useAuth } from '@/features/auth/hooks/use-auth';
import { MfaSetupPrompt } from '@/features/auth/components/mfa-setup-prompt';
import { isAdminAccount } from '@/features/auth/utils/admin-account';
import { HealthBanner } from '@/features/health/components/health-banner';
import { useServiceHealthMonitor } from '@/features/health/hooks/use-service-health-monitor';
import { usePerformanceMonitor } from '@/features/performance/hooks/use-performance-monitor';
import { Sidebar } from '@/features/sidebar/components/sidebar';
import { useIsMobile } from '@/features/sidebar/hooks/use-is-mobile';
import { useSidebarCookieSync } from '@/features/sidebar/hooks/use-sidebar-cookie-sync';
import { useSidebarShortcut } from '@/features/sidebar/hooks/use-sidebar-shortcut';
import { useSidebarToggle } from '@/features/sidebar/hooks/use-sidebar-toggle';
import { platformPath } from '@/config/paths';
import { navGroups } from '@/app/routes/platform/navigation';
import { prefetchPage, preloadPageModules } from '@/app/routes/platform/page-modules';
import { platformPageRegistry } from '@/app/routes/platform/pages';
import { PlatformHeader } from './platform-header';

export function PlatformShell() {
  const { user, signOut, adminValidation } = useAuth();
  const signedIn = Boolean(user);
  // The auth listener validates admin access shortly after sign-in; the Admin link follows its answer.
  const isAdmin = isAdminAccount(adminValidation);
  const queryClient = useQueryClient();
  // A hovered or focused link fetches its page's code and first data, so the click renders at once.
  const groups = useMemo(
    () => navGroups({ isAdmin, prefetch: (page) => prefetchPage(page, queryClient) }),
    [isAdmin, queryClient],
  );
  const isMobile = useIsMobile();
  const { toggle, expanded } = useSidebarToggle(isMobile);
  useSidebarShortcut(toggle);
  useSidebarCookieSync();
  useServiceHealthMonitor();
  usePerformanceMonitor();
  useAlertChanges({ enabled: signedIn });
  const newAlerts = useNewAlertCount({ enabled: signedIn });
  // Every page's code arrives while the analyst reads the first one, so the next click renders at once.
  useEffect(() => preloadPageModules(platformPageRegistry), []);

  return (
    <Flex minHeight="100dvh">
      <Sidebar
        isMobile={isMobile}
        groups={groups}
        email={user?.email ?? null}
        profileHref={platformPath('profile')}
        badges={{ threatIntelligenceHub: <NewAlertBadge count={newAlerts} /> }}
        onSignOut={() => void signOut()}
      />
      <Flex direction="column" flex="1" minWidth="0">
        <PlatformHeader isMobile={isMobile} sidebarExpanded={expanded} onToggleSidebar={toggle} />
        <HealthBanner />
        <MfaSetupPrompt setupHref={platformPath('admin')} />
        <Box as="main" id="main-content" flex="1" minWidth="0">
          <Outlet />
        </Box>
      </Flex>
    </Flex>
  );
}
