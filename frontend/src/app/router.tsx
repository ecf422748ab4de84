/** The route tree of SPEC.md §2 (public, redirects, protected, platform). */
import { createBrowserRouter } from 'react-router';
import { HomeRoute } from './routes/public/home';

export function makeRouter() {
  return createBrowserRouter([{ path: '/', element: <HomeRoute /> }]);
}
