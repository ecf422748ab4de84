/** Renders the real route tree in memory at a path, with a fresh store and query client. */
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { AppProvider } from '@/app/provider';
import { appRoutes } from '@/app/router';
import { makeStore } from '@/app/store/store';
import { makeQueryClient } from '@/lib/query-client';

export function renderApp(path: string, options: { advanceTimers?: (ms: number) => unknown } = {}) {
  const store = makeStore();
  const queryClient = makeQueryClient();
  const router = createMemoryRouter(appRoutes, { initialEntries: [path] });
  const user = userEvent.setup(options.advanceTimers ? { advanceTimers: options.advanceTimers } : {});
  const view = render(
    <AppProvider store={store} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { ...view, store, queryClient, router, user };
}
