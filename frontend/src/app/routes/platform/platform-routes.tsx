/**
 * The /platform sub-routes (SPEC §2), derived from the page registry: every page loaded lazily behind
 * 'Loading secure platform...', a load failure shown as 'Failed to load component', a crash as
 * 'Platform Error', admin pages guarded, the tab titled after the page.
 */
import { Suspense, type ComponentType } from 'react';
import { Navigate, type RouteObject } from 'react-router';
import { LoadFailureBoundary } from '@/components/errors/load-failure';
import { PlatformErrorBoundary } from '@/components/errors/platform-error';
import { FullScreenLoader } from '@/components/ui/full-screen-loader';
import { useDocumentTitle } from '@/components/ui/use-document-title';
import { platformPages, platformPath, type PlatformPage } from '@/config/paths';
import { ProtectedRoute } from '@/features/auth/components/protected-route';
import {
  pageDefinition,
  platformPageRegistry,
  type PlatformPageDefinition,
  type PlatformPageProps,
} from './pages';
import { lazyPage } from './page-modules';

/** SPEC §2's platform loading text, shown while the shell or a page chunk loads. */
export const LOADING_PLATFORM_TEXT = 'Loading secure platform...';

/** One lazy component per page, made once: React keeps a loaded chunk only for the same component. */
const pageComponents = new Map<PlatformPage, ComponentType<PlatformPageProps>>(
  platformPageRegistry.map((definition) => [definition.key, lazyPage(definition)]),
);

interface PlatformRouteProps {
  definition: PlatformPageDefinition;
  page: ComponentType<PlatformPageProps>;
}

function PlatformRoute({ definition, page: Page }: PlatformRouteProps) {
  useDocumentTitle(definition.title);
  const page = (
    <PlatformErrorBoundary>
      <LoadFailureBoundary>
        <Suspense fallback={<FullScreenLoader label={LOADING_PLATFORM_TEXT} />}>
          <Page definition={definition} />
        </Suspense>
      </LoadFailureBoundary>
    </PlatformErrorBoundary>
  );
  return definition.adminOnly ? <ProtectedRoute adminOnly>{page}</ProtectedRoute> : page;
}

export const platformChildRoutes: RouteObject[] = [
  {
    index: true,
    element: (
      <PlatformRoute
        key="index"
        definition={pageDefinition('dashboard')}
        page={pageComponents.get('dashboard')!}
      />
    ),
  },
  ...platformPageRegistry.map((definition) => ({
    path: platformPages[definition.key],
    element: (
      <PlatformRoute
        key={definition.key}
        definition={definition}
        page={pageComponents.get(definition.key)!}
      />
    ),
  })),
  { path: 'quantum-intelligence', element: <Navigate to={platformPath('unifiedIntelligence')} replace /> },
  { path: '*', element: <Navigate to={platformPath('dashboard')} replace /> },
];

export interface LegacyRedirect {
  from: string;
  to: string;
  signIn: boolean;
  adminOnly: boolean;
}

/** Old top-level URLs of the registry's pages (SPEC §2). */
export const legacyRedirects: readonly LegacyRedirect[] = platformPageRegistry.flatMap((definition) =>
  (definition.legacyPaths ?? []).map(({ from, signIn }) => ({
    from,
    to: platformPath(definition.key),
    signIn,
    adminOnly: signIn && definition.adminOnly,
  })),
);
