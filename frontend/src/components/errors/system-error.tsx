/** The global 'System Error' screen (SPEC §2) with an error ID derived from the time it happened. */
import { Button, ChakraProvider, Code, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { createLogger } from '@/lib/security/logger';
import { system } from '@/theme/system';
import { describeError, ErrorBoundary } from './error-boundary';
import { ErrorScreen, reloadPage } from './error-screen';

const log = createLogger('app');

/** e.g. ERR-LZ3K9Q2A: the moment of failure in base 36, short enough to read out to support. */
export function errorIdFromTime(time: number = Date.now()): string {
  return `ERR-${time.toString(36).toUpperCase()}`;
}

export function SystemError({
  onTryAgain,
  onReturnHome,
}: {
  onTryAgain: () => void;
  onReturnHome?: () => void;
}) {
  const [errorId] = useState(() => errorIdFromTime());
  return (
    <ErrorScreen
      title="System Error"
      message="An unexpected error has occurred. Our team has been notified."
      actions={
        <>
          <Button onClick={onTryAgain}>Try Again</Button>
          <Button variant="outline" onClick={reloadPage}>
            Reload Page
          </Button>
          <Button variant="ghost" onClick={onReturnHome ?? (() => window.location.assign('/'))}>
            Return Home
          </Button>
        </>
      }
    >
      <Text fontSize="sm" color="fg.muted">
        Error ID: <Code>{errorId}</Code>
      </Text>
    </ErrorScreen>
  );
}

/** Outermost boundary: catches what happens outside the router (providers, the router itself). */
export function SystemErrorBoundary({ children }: { children: ReactNode }) {
  return (
    <ErrorBoundary
      // This boundary sits outside the app's providers, so its screen brings its own theme.
      fallback={({ reset }) => (
        <ChakraProvider value={system}>
          <SystemError onTryAgain={reset} />
        </ChakraProvider>
      )}
      onError={(error, info) =>
        log.critical('system_error', { ...describeError(error), componentStack: info.componentStack ?? '' })
      }
    >
      {children}
    </ErrorBoundary>
  );
}
