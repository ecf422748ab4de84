/**
 * Keyboard shortcuts of the queue: a acknowledge, i investigate, r resolve, d dismiss, m assign to
 * me, ? help. They act on the selection, or on the open alert; never while typing in a field or
 * when a dialog is open.
 */
import { useEffect } from 'react';
import type { AlertStatus } from '@/features/alerts/schemas/alert-filters';
import { TRIAGE_KEYS } from '@/features/alerts/utils/transitions';

interface TriageShortcuts {
  enabled: boolean;
  onMove: (to: AlertStatus) => void;
  onAssignToMe: () => void;
  onHelp: () => void;
}

function typing(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  return (
    element.isContentEditable ||
    ['INPUT', 'TEXTAREA', 'SELECT'].includes(element.tagName) ||
    element.closest('[role="dialog"]') !== null
  );
}

export function useTriageShortcuts({ enabled, onMove, onAssignToMe, onHelp }: TriageShortcuts): void {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.ctrlKey || event.metaKey || event.altKey || typing(event.target)) return;
      if (event.key === '?') {
        event.preventDefault();
        onHelp();
        return;
      }
      if (!enabled) return;
      const to = TRIAGE_KEYS[event.key];
      if (to) {
        event.preventDefault();
        onMove(to);
      } else if (event.key === 'm') {
        event.preventDefault();
        onAssignToMe();
      }
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, [enabled, onMove, onAssignToMe, onHelp]);
}
