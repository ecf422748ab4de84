/**
 * Mounts `<Toaster/>` when the first toast is created, and keeps it from then on. Its machinery (about
 * 7 KB compressed) is not downloaded by visitors who never see a toast; the toast group reads the
 * store's current toasts when it mounts, so the first toast still shows.
 */
import { lazy, Suspense, useSyncExternalStore } from 'react';
import { toaster } from './toast';

const Toaster = lazy(() => import('./toaster').then((m) => ({ default: m.Toaster })));

// Once a toast has existed the toaster stays: dismissed toasts are kept hidden for a while.
let needed = false;
// The store notifies before it adds the toast, so any notification counts as "a toast exists".
const subscribe = (onChange: () => void) =>
  toaster.subscribe(() => {
    needed = true;
    onChange();
  });
const toasterNeeded = () => (needed ||= toaster.getCount() > 0);

export function DeferredToaster() {
  const wanted = useSyncExternalStore(subscribe, toasterNeeded, () => false);
  if (!wanted) return null;
  return (
    <Suspense fallback={null}>
      <Toaster />
    </Suspense>
  );
}
