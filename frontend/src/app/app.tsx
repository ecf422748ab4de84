import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { SystemErrorBoundary } from '@/components/errors/system-error';
import { AppProvider } from './provider';
import { makeRouter } from './router';

export function App() {
  const [router] = useState(makeRouter);
  return (
    <SystemErrorBoundary>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </SystemErrorBoundary>
  );
}
