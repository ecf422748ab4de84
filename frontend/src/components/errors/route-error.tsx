/** The router's `errorElement`: replaces its default screen with ours and logs the failure. */
import { useEffect } from 'react';
import { isRouteErrorResponse, useLocation, useNavigate, useRouteError } from 'react-router';
import { createLogger } from '@/lib/security/logger';
import { describeError } from './error-boundary';
import { isComponentLoadError, LoadFailure } from './load-failure';
import { SystemError } from './system-error';

const log = createLogger('router');

export function RouteError() {
  const error = useRouteError();
  const navigate = useNavigate();
  const location = useLocation();

  useEffect(() => {
    const details = isRouteErrorResponse(error)
      ? { name: 'RouteErrorResponse', message: `${error.status} ${error.statusText}` }
      : describeError(error);
    log.critical('route_error', { ...details, path: location.pathname });
  }, [error, location.pathname]);

  if (isComponentLoadError(error)) return <LoadFailure />;
  return (
    <SystemError
      // Navigating to the same place starts a fresh render of the route, which clears the error.
      onTryAgain={() => navigate(location, { replace: true })}
      onReturnHome={() => navigate('/', { replace: true })}
    />
  );
}
