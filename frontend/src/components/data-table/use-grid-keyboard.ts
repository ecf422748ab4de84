/**
 * The table is one tab stop (WAI-ARIA grid pattern): arrows, Page Up/Down, Home/End move the active row,
 * Space selects it, Enter opens it, Ctrl/Cmd+A selects every loaded row, Escape clears the selection.
 */
import type { KeyboardEvent } from 'react';

export interface GridKeyboardOptions {
  rowCount: number;
  activeIndex: number;
  pageSize: number;
  onActiveIndexChange: (index: number) => void;
  onToggleSelected?: (index: number) => void;
  onSelectAll?: () => void;
  onClearSelection?: () => void;
  onActivate?: (index: number) => void;
}

export function gridKeyDownHandler(options: GridKeyboardOptions) {
  return (event: KeyboardEvent<HTMLElement>) => {
    const { rowCount, activeIndex, pageSize } = options;
    if (rowCount === 0) return;
    const last = rowCount - 1;
    const move = (index: number) => {
      event.preventDefault();
      options.onActiveIndexChange(Math.max(0, Math.min(last, index)));
    };
    switch (event.key) {
      case 'ArrowDown':
        return move(activeIndex < 0 ? 0 : activeIndex + 1);
      case 'ArrowUp':
        return move(activeIndex < 0 ? 0 : activeIndex - 1);
      case 'PageDown':
        return move(Math.max(activeIndex, 0) + pageSize);
      case 'PageUp':
        return move(Math.max(activeIndex, 0) - pageSize);
      case 'Home':
        return move(0);
      case 'End':
        return move(last);
      case ' ':
        if (activeIndex >= 0 && options.onToggleSelected) {
          event.preventDefault();
          options.onToggleSelected(activeIndex);
        }
        return;
      case 'Enter':
        if (activeIndex >= 0 && options.onActivate) {
          event.preventDefault();
          options.onActivate(activeIndex);
        }
        return;
      case 'Escape':
        options.onClearSelection?.();
        return;
      case 'a':
      case 'A':
        if ((event.ctrlKey || event.metaKey) && options.onSelectAll) {
          event.preventDefault();
          options.onSelectAll();
        }
        return;
    }
  };
}
