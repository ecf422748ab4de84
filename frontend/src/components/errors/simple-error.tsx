/** The simpler fallback (SPEC §2) used around the public site: 'Something went wrong' with 'Reload Page'. */
import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { createLogger } from '@/lib/security/logger';
import { describeError, ErrorBoundary } from './error-boundary';
import { ErrorScreen, reloadPage } from './error-screen';

const log = createLogger('app');

export function SimpleErrorFallback() {
  return (
    <ErrorScreen
      fullScreen={false}
      title="Something went wrong"
      message="The application encountered an error."
      actions={<Button onClick={reloadPage}>Reload Page</Button>}
    />
  );
}

export function SimpleErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={() => <SimpleErrorFallback />}
      onError={(error) => log.error('render_error', describeError(error))}
    >
      {children}
    </ErrorBoundary>
  );
}
