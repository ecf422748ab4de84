/**
 * The /platform sub-routes (SPEC §2): every page loaded lazily behind 'Loading secure platform...', a
 * load failure shown as 'Failed to load component', a crash as 'Platform Error', admin pages guarded.
 */
import { lazy, Suspense } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { ComponentLoadError, LoadFailureBoundary } from '../../../components/errors/load-failure';
import { PlatformErrorBoundary } from '../../../components/errors/platform-error';
import { FullScreenLoader } from '../../../components/ui/full-screen-loader';
import { platformPages, platformPath } from '../../../config/paths';
import { ProtectedRoute } from '../../../features/auth/components/protected-route';
import { platformPageInfo, platformPageTable, type PlatformPageInfo } from './platform-pages';

/** SPEC §2's platform loading text, shown while the shell or a page chunk loads. */
export const LOADING_PLATFORM_TEXT = 'Loading secure platform...';

const PlatformPage = lazy(() =>
  import('./platform-page').then(
    (module) => ({ default: module.PlatformPage }),
    (error: unknown) => {
      throw new ComponentLoadError(error);
    },
  ),
);

function LazyPlatformPage({ info }: { info: PlatformPageInfo }) {
  const page = (
    <PlatformErrorBoundary>
      <LoadFailureBoundary>
        <Suspense fallback={<FullScreenLoader label={LOADING_PLATFORM_TEXT} />}>
          <PlatformPage page={info.page} />
        </Suspense>
      </LoadFailureBoundary>
    </PlatformErrorBoundary>
  );
  return info.adminOnly ? <ProtectedRoute adminOnly>{page}</ProtectedRoute> : page;
}

export const platformChildRoutes: RouteObject[] = [
  { index: true, element: <LazyPlatformPage key="index" info={platformPageInfo('dashboard')} /> },
  ...platformPageTable.map((info) => ({
    path: platformPages[info.page],
    element: <LazyPlatformPage key={info.page} info={info} />,
  })),
  { path: 'quantum-intelligence', element: <Navigate to={platformPath('unifiedIntelligence')} replace /> },
  { path: '*', element: <Navigate to={platformPath('dashboard')} replace /> },
];
