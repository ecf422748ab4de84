/**
 * Dev-tools detection (SPEC §9): every 500 ms, an outer-minus-inner window size above 160 px counts as
 * docked dev tools. Theatre (undocked tools are invisible to it, side panels give false positives); it
 * only reports, once per opening, and never gates anything.
 */
import { SECURITY_MONITOR } from '@/config/constants';

type WindowSize = Pick<Window, 'outerWidth' | 'outerHeight' | 'innerWidth' | 'innerHeight'>;

export function devToolsLikelyOpen(win: WindowSize): boolean {
  return (
    win.outerWidth - win.innerWidth > SECURITY_MONITOR.devToolsThresholdPx ||
    win.outerHeight - win.innerHeight > SECURITY_MONITOR.devToolsThresholdPx
  );
}

export function watchDevTools(
  onOpened: (details: { widthGap: number; heightGap: number }) => void,
  win: WindowSize = window,
): () => void {
  let open = false;
  const timer = setInterval(() => {
    const now = devToolsLikelyOpen(win);
    if (now && !open) {
      onOpened({ widthGap: win.outerWidth - win.innerWidth, heightGap: win.outerHeight - win.innerHeight });
    }
    open = now;
  }, SECURITY_MONITOR.devToolsCheckMs);
  return () => clearInterval(timer);
}
