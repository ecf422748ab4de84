import { fireEvent, renderHook } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { useSidebarShortcut } from './use-sidebar-shortcut';

describe('useSidebarShortcut', () => {
  it('toggles on Ctrl+B and Cmd+B and keeps the browser from acting on them', () => {
    const toggle = vi.fn();
    renderHook(() => useSidebarShortcut(toggle));
    const ctrl = fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    const cmd = fireEvent.keyDown(window, { key: 'B', metaKey: true });
    expect(toggle).toHaveBeenCalledTimes(2);
    // fireEvent returns false when the handler called preventDefault.
    expect(ctrl).toBe(false);
    expect(cmd).toBe(false);
  });

  it('leaves other keys and other shortcuts alone', () => {
    const toggle = vi.fn();
    renderHook(() => useSidebarShortcut(toggle));
    fireEvent.keyDown(window, { key: 'b' });
    fireEvent.keyDown(window, { key: 'c', ctrlKey: true });
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true, shiftKey: true });
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true, altKey: true });
    expect(toggle).not.toHaveBeenCalled();
  });

  it('stops listening when unmounted', () => {
    const toggle = vi.fn();
    const { unmount } = renderHook(() => useSidebarShortcut(toggle));
    unmount();
    fireEvent.keyDown(window, { key: 'b', ctrlKey: true });
    expect(toggle).not.toHaveBeenCalled();
  });
});
