/**
 * Counts outgoing requests (fetch and XMLHttpRequest) and reports more than 100 in 10 s (SPEC §9). It counts
 * and never blocks: the real rate limit is the gateway's. Install it before the backend client is created,
 * because supabase-js keeps the fetch it finds at creation.
 */
import { SECURITY_MONITOR } from '@/config/constants';
import { createSlidingWindow, type SlidingWindow } from './sliding-window';

export interface RequestMonitor {
  window: SlidingWindow;
  stop(): void;
}

export function installRequestMonitor(
  onExcessive: (details: { count: number; windowMs: number }) => void,
  win: Window & typeof globalThis = window,
): RequestMonitor {
  const counter = createSlidingWindow(SECURITY_MONITOR.maxRequests, SECURITY_MONITOR.requestWindowMs);
  const count = () => {
    if (counter.hit()) onExcessive({ count: counter.count(), windowMs: SECURITY_MONITOR.requestWindowMs });
  };

  const originalFetch = win.fetch;
  // Always called on the window: a detached fetch throws "Illegal invocation" in browsers.
  const countedFetch: typeof fetch = (...args: Parameters<typeof fetch>) => {
    count();
    return originalFetch.apply(win, args);
  };
  if (typeof originalFetch === 'function') win.fetch = countedFetch;

  const xhrPrototype = win.XMLHttpRequest?.prototype;
  const originalOpen = xhrPrototype?.open;
  if (xhrPrototype && originalOpen) {
    xhrPrototype.open = function (this: XMLHttpRequest, ...args: unknown[]) {
      count();
      return (originalOpen as (...a: unknown[]) => void).apply(this, args);
    } as typeof originalOpen;
  }

  return {
    window: counter,
    stop() {
      if (win.fetch === countedFetch) win.fetch = originalFetch;
      if (xhrPrototype && originalOpen) xhrPrototype.open = originalOpen;
    },
  };
}
