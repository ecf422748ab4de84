/** The route tree of SPEC.md §2 (public, redirects, protected, platform). */
import { lazy, Suspense } from 'react';
import { createBrowserRouter, Navigate, type RouteObject } from 'react-router';
import { PlatformErrorBoundary } from '@/components/errors/platform-error';
import { RouteError } from '@/components/errors/route-error';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { PLATFORM_ROOT, publicPaths, publicRedirects } from '@/config/paths';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import { SecurityClearanceGuard } from '@/features/auth/components/security-clearance-guard';
import {
  legacyRedirects,
  LOADING_PLATFORM_TEXT,
  platformChildRoutes,
} from './routes/platform/platform-routes';
import { AuthRoute } from './routes/public/auth';
import { ForgotPasswordRoute, ResetPasswordRoute } from './routes/public/password-recovery';
import { SsoCallbackRoute } from './routes/public/sso-callback';
import { recoveryPaths } from '@/features/auth/utils/recovery-paths';
import { ssoPaths } from '@/features/auth/utils/sso';
import { HomeRoute } from './routes/public/home';
import { NotFoundRoute } from './routes/public/not-found';
import { publicPages } from './routes/public/public-content';
import { PublicLayout } from './routes/public/public-layout';
import { PublicPage } from './routes/public/public-page';
import { RootLayout } from './routes/root-layout';

// The shell and its monitors load only for signed-in users: public visitors never download them.
const PlatformShell = lazy(() =>
  import('@/app/layouts/platform-shell').then((m) => ({ default: m.PlatformShell })),
);

export const appRoutes: RouteObject[] = [
  {
    element: <RootLayout />,
    errorElement: <RouteError />,
    children: [
      ...[...publicRedirects, ...legacyRedirects.filter((redirect) => !redirect.signIn)].map(
        ({ from, to }) => ({
          path: from,
          element: <Navigate to={to} replace />,
        }),
      ),
      {
        element: <PublicLayout />,
        children: [
          { path: publicPaths.home, element: <HomeRoute /> },
          { path: publicPaths.auth, element: <AuthRoute /> },
          { path: recoveryPaths.forgot, element: <ForgotPasswordRoute /> },
          { path: recoveryPaths.reset, element: <ResetPasswordRoute /> },
          { path: ssoPaths.callback, element: <SsoCallbackRoute /> },
          ...publicPages.map((page) => ({ path: page.path, element: <PublicPage page={page} /> })),
          ...legacyRedirects
            .filter((redirect) => redirect.signIn)
            .map(({ from, to, adminOnly }) => ({
              path: from,
              element: (
                <ProtectedRoute adminOnly={adminOnly}>
                  <Navigate to={to} replace />
                </ProtectedRoute>
              ),
            })),
          { path: '*', element: <NotFoundRoute /> },
        ],
      },
      {
        path: PLATFORM_ROOT,
        element: (
          <ProtectedRoute>
            <SecurityClearanceGuard>
              <PlatformErrorBoundary>
                <Suspense fallback={<FullScreenLoader label={LOADING_PLATFORM_TEXT} />}>
                  <PlatformShell />
                </Suspense>
              </PlatformErrorBoundary>
            </SecurityClearanceGuard>
          </ProtectedRoute>
        ),
        children: platformChildRoutes,
      },
    ],
  },
];

export function makeRouter() {
  return createBrowserRouter(appRoutes);
}
