/** Providers every screen needs: Chakra, Redux and TanStack Query (one store and one query client per app). */
import { ChakraProvider } from '@chakra-ui/react';
import createCache from '@emotion/cache';
import { CacheProvider } from '@emotion/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { DeferredToaster } from '@/components/ui/deferred-toaster';
import { clearQueryCacheOnSignOut } from '@/features/auth/state/auth-listeners';
import { ThemeSync } from '@/features/theme/components/theme-sync';
import { makeQueryClient } from '@/lib/query-client';
import { readCspNonce } from '@/lib/security';
import { system } from '@/theme/system';
import { startAppListening } from './store/listener';
import { makeStore, type AppStore } from './store/store';

/**
 * Emotion (Chakra's style engine) tags every style element with the page's CSP nonce, so the
 * stack's web server can send `style-src 'nonce-…'` instead of allowing any inline style.
 */
function makeStyleCache() {
  return createCache({ key: 'css', nonce: readCspNonce() ?? undefined });
}

export function AppProvider({
  children,
  store,
  queryClient,
}: {
  children: ReactNode;
  store?: AppStore;
  queryClient?: QueryClient;
}) {
  const [appStore] = useState(() => store ?? makeStore());
  const [client] = useState(() => queryClient ?? makeQueryClient());
  const [styleCache] = useState(makeStyleCache);
  // Server state belongs to the signed-in user: drop all of it on sign-out.
  useEffect(() => clearQueryCacheOnSignOut(startAppListening, client), [client]);
  return (
    <CacheProvider value={styleCache}>
      <ChakraProvider value={system}>
        <ReduxProvider store={appStore}>
          <QueryClientProvider client={client}>
            <ThemeSync />
            {children}
            <DeferredToaster />
          </QueryClientProvider>
        </ReduxProvider>
      </ChakraProvider>
    </CacheProvider>
  );
}
