/**
 * Page modules, loaded once and shared by the router and the idle-time preloader. A module that has
 * arrived is handed to React.lazy through a thenable that settles synchronously, so a route change to a
 * preloaded page renders at once instead of suspending for a tick behind 'Loading secure platform...'.
 */
import type { QueryClient } from '@tanstack/react-query';
import { lazy, type ComponentType } from 'react';
import { ComponentLoadError } from '@/components/errors/load-failure';
import type { PlatformPage } from '@/config/paths';
import type { PlatformPageDefinition, PlatformPageProps } from './pages';

/**
 * A page's route module. `prefetch` (optional) asks the questions the page asks first, so a hover or
 * focus on its link fills the query cache before the click.
 */
type PageModule = {
  default: ComponentType<PlatformPageProps>;
  prefetch?: (queryClient: QueryClient) => void;
};

const arrived = new Map<PlatformPage, PageModule>();
const pending = new Map<PlatformPage, Promise<PageModule>>();

/** What React.lazy accepts: it reads the result at once when `then` calls back before returning. */
interface PageThenable {
  then(onFulfilled: (module: PageModule) => void, onRejected?: (error: unknown) => void): unknown;
}

export function loadPageModule(definition: PlatformPageDefinition): PageThenable {
  const module = arrived.get(definition.key);
  if (module) return { then: (onFulfilled) => onFulfilled(module) };
  let loading = pending.get(definition.key);
  if (!loading) {
    loading = definition.load().then(
      (loaded) => {
        arrived.set(definition.key, loaded);
        return loaded;
      },
      (error: unknown) => {
        // A failed fetch may succeed later (the network came back): the next visit tries again.
        pending.delete(definition.key);
        throw new ComponentLoadError(error);
      },
    );
    pending.set(definition.key, loading);
  }
  return loading;
}

export function lazyPage(definition: PlatformPageDefinition): ComponentType<PlatformPageProps> {
  // The cast: React's types ask for a Promise, its runtime takes any thenable.
  return lazy(() => loadPageModule(definition) as Promise<PageModule>);
}

/**
 * A link to the page is hovered or focused: its code (when the idle preloader has not fetched it
 * yet) and then its first data, so the click finds both. Failures are left for the visit to show.
 */
export function prefetchPage(definition: PlatformPageDefinition, queryClient: QueryClient): void {
  loadPageModule(definition).then(
    (module) => module.prefetch?.(queryClient),
    () => undefined,
  );
}

/** Fetches the given pages' code while the browser is idle, one at a time so it never competes with the visible page. */
export function preloadPageModules(definitions: readonly PlatformPageDefinition[]): () => void {
  let cancelled = false;
  const queue = definitions.filter((definition) => !arrived.has(definition.key));
  // Safari has no requestIdleCallback.
  const whenIdle = (run: () => void) =>
    typeof window.requestIdleCallback === 'function'
      ? window.requestIdleCallback(run, { timeout: 2000 })
      : setTimeout(run, 200);
  const next = () => {
    const definition = queue.shift();
    if (cancelled || !definition) return;
    loadPageModule(definition).then(
      () => whenIdle(next),
      // A page that fails to preload is fetched again on its first visit, where the failure is shown.
      () => whenIdle(next),
    );
  };
  whenIdle(next);
  return () => {
    cancelled = true;
  };
}
