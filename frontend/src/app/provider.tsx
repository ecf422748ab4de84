/** Providers every screen needs: Chakra, Redux and TanStack Query (one store and one query client per app). */
import { ChakraProvider } from '@chakra-ui/react';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Provider as ReduxProvider } from 'react-redux';
import { makeQueryClient } from '../lib/query-client';
import { system } from '../theme/system';
import { makeStore, type AppStore } from './store/store';

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
  return (
    <ChakraProvider value={system}>
      <ReduxProvider store={appStore}>
        <QueryClientProvider client={client}>{children}</QueryClientProvider>
      </ReduxProvider>
    </ChakraProvider>
  );
}
