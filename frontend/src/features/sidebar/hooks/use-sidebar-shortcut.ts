/** Ctrl+B (Cmd+B on macOS) toggles the sidebar anywhere in the platform (SPEC §2). */
import { useEffect } from 'react';
import { SIDEBAR } from '@/config/constants';

export function isSidebarShortcut(event: KeyboardEvent): boolean {
  // Alt/Shift combinations belong to other shortcuts (and the browser's), so leave them alone.
  return (
    (event.ctrlKey || event.metaKey) &&
    !event.altKey &&
    !event.shiftKey &&
    event.key.toLowerCase() === SIDEBAR.shortcutKey
  );
}

export function useSidebarShortcut(toggle: () => void): void {
  useEffect(() => {
    function onKeyDown(event: KeyboardEvent) {
      if (!isSidebarShortcut(event)) return;
      event.preventDefault();
      toggle();
    }
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [toggle]);
}
