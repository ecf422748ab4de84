/**
 * Counts navigations (history.pushState, history.replaceState, back/forward) and reports more than 50 in
 * 30 s (SPEC §9): a script driving the router in a loop looks like that, a person does not.
 */
import { SECURITY_MONITOR } from '@/config/constants';
import { createSlidingWindow, type SlidingWindow } from './sliding-window';

export interface NavigationMonitor {
  window: SlidingWindow;
  stop(): void;
}

export function installNavigationMonitor(
  onUnusual: (details: { count: number; windowMs: number }) => void,
  win: Window = window,
): NavigationMonitor {
  const counter = createSlidingWindow(SECURITY_MONITOR.maxNavigations, SECURITY_MONITOR.navigationWindowMs);
  const count = () => {
    if (counter.hit()) onUnusual({ count: counter.count(), windowMs: SECURITY_MONITOR.navigationWindowMs });
  };
  const history = win.history;
  const originalPush = history.pushState;
  const originalReplace = history.replaceState;
  history.pushState = function (this: History, ...args: Parameters<History['pushState']>) {
    count();
    return originalPush.apply(this, args);
  };
  history.replaceState = function (this: History, ...args: Parameters<History['replaceState']>) {
    count();
    return originalReplace.apply(this, args);
  };
  win.addEventListener('popstate', count);
  return {
    window: counter,
    stop() {
      history.pushState = originalPush;
      history.replaceState = originalReplace;
      win.removeEventListener('popstate', count);
    },
  };
}
