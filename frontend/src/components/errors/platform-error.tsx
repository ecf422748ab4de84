/** 'Platform Error' (SPEC §2): the crash screen of the platform area; every crash is logged critical. */
import { Button } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { createLogger } from '@/lib/security/logger';
import { describeError, ErrorBoundary, type FallbackProps } from './error-boundary';
import { ErrorScreen, reloadPage } from './error-screen';

const log = createLogger('platform');

export function PlatformErrorFallback({ reset }: FallbackProps) {
  return (
    <ErrorScreen
      title="Platform Error"
      message="Something went wrong with the platform. Our security systems have logged this incident."
      actions={
        <>
          <Button onClick={reset}>Try Again</Button>
          <Button variant="outline" onClick={reloadPage}>
            Reload Platform
          </Button>
        </>
      }
    />
  );
}

export function PlatformErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      fallback={(props) => <PlatformErrorFallback {...props} />}
      onError={(error, info) =>
        log.critical('platform_error', { ...describeError(error), componentStack: info.componentStack ?? '' })
      }
    >
      {children}
    </ErrorBoundary>
  );
}
