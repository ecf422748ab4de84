/**
 * Keyboard shortcuts of the queue: a acknowledge, i investigate, r resolve, d dismiss, m assign to
 * me, ? help. The letters act on the selection, or on the open alert; never while typing in a field,
 * in a select (where letters pick options) or when a dialog is open. `?` works from anywhere but a
 * text field: after choosing a filter the focus stays on its select, and `?` was then ignored.
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

const TEXT_INPUT_TYPES = new Set(['text', 'search', 'email', 'url', 'tel', 'password', 'number', '']);

function textEntry(target: EventTarget | null): boolean {
  const element = target as HTMLElement | null;
  if (!element) return false;
  if (element instanceof HTMLInputElement) return TEXT_INPUT_TYPES.has(element.type);
  return element.isContentEditable || element.tagName === 'TEXTAREA';
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
      if (event.ctrlKey || event.metaKey || event.altKey) return;
      if (event.key === '?') {
        if (textEntry(event.target)) return;
        event.preventDefault();
        onHelp();
        return;
      }
      if (typing(event.target)) return;
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
