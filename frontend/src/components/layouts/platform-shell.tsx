/** Placeholder: the platform shell (sidebar, header, banners) replaces this; routes render in the Outlet. */
import { Outlet } from 'react-router';

export function PlatformShell() {
  return <Outlet />;
}
