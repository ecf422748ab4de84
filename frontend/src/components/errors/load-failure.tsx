/**
 * 'Failed to load component' (SPEC §2): a page's code could not be fetched (e.g. a new version was
 * deployed, or the network dropped). Retry reloads the page. Other errors pass on to the outer boundary.
 */
import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { createLogger } from '@/lib/security/logger';
import { describeError, ErrorBoundary } from './error-boundary';
import { ErrorScreen, reloadPage } from './error-screen';

const log = createLogger('loader');

export class ComponentLoadError extends Error {
  constructor(cause: unknown) {
    super('Failed to load component', { cause });
    this.name = 'ComponentLoadError';
  }
}

export function isComponentLoadError(error: unknown): boolean {
  if (error instanceof ComponentLoadError) return true;
  // What browsers throw for a failed dynamic import that did not go through `ComponentLoadError`.
  return (
    error instanceof Error &&
    /dynamically imported module|Importing a module script failed/i.test(error.message)
  );
}

export function LoadFailure() {
  return (
    <ErrorScreen
      fullScreen={false}
      title="Failed to load component"
      message="This part of the platform could not be loaded. Check your connection and retry."
      actions={<Button onClick={reloadPage}>Retry</Button>}
    />
  );
}

function Rethrow({ error }: { error: unknown }): ReactNode {
  throw error;
}

export function LoadFailureBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={({ error }) => (isComponentLoadError(error) ? <LoadFailure /> : <Rethrow error={error} />)}
      onError={(error) => {
        if (isComponentLoadError(error)) log.error('component_load_failed', describeError(error));
      }}
    >
      {children}
    </ErrorBoundary>
  );
}
