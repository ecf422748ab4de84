import { act, fireEvent, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { TOASTS } from '@/config/constants';
import { toast, toaster } from './toast';

const advance = (ms: number) => act(() => vi.advanceTimersByTimeAsync(ms));

function visibleStatus(title: string) {
  return screen.queryAllByText(title).filter((el) => !el.closest('[hidden]'));
}

// The provider mounts the toaster lazily on the first toast: load its module before the clock is faked.
beforeAll(async () => {
  await import('./toaster');
});

beforeEach(() => {
  vi.useFakeTimers();
  toaster.remove();
  render(<AppProvider>{null}</AppProvider>);
});
afterEach(() => vi.useRealTimers());

describe('toasts', () => {
  it('shows at most one: a new toast replaces the current one', async () => {
    act(() => {
      toast({ title: 'First' });
      toast({ title: 'Second' });
    });
    await advance(0);
    expect(visibleStatus('Second')).toHaveLength(1);
    expect(visibleStatus('First')).toHaveLength(0);
    expect(toaster.getCount()).toBe(TOASTS.limit);
  });

  it('closes after the default duration and is kept hidden for the removal delay', async () => {
    act(() => void toast({ title: 'Saved', description: 'All good.' }));
    await advance(TOASTS.defaultDurationMs - 100);
    expect(visibleStatus('Saved')).toHaveLength(1);
    await advance(200);
    expect(visibleStatus('Saved')).toHaveLength(0);
    expect(toaster.getCount()).toBe(1);
    await advance(TOASTS.removeDelayMs);
    expect(toaster.getCount()).toBe(0);
  });

  it('closes with the close button', async () => {
    act(() => void toast({ title: 'Closable' }));
    await advance(0);
    fireEvent.click(screen.getByRole('button', { name: 'Dismiss notification' }));
    await advance(0);
    expect(visibleStatus('Closable')).toHaveLength(0);
  });

  it('closes on Escape', async () => {
    act(() => void toast({ title: 'Escapable' }));
    await advance(0);
    fireEvent.keyDown(screen.getByText('Escapable').closest('[role="status"]')!, { key: 'Escape' });
    await advance(0);
    expect(visibleStatus('Escapable')).toHaveLength(0);
  });

  it('closes on a swipe of 50 px, not on a shorter one', async () => {
    act(() => void toast({ title: 'Swipe me' }));
    await advance(0);
    const root = screen.getByText('Swipe me').closest('[role="status"]')!;
    fireEvent.pointerDown(root, { clientX: 100 });
    fireEvent.pointerMove(root, { clientX: 100 + TOASTS.swipeThresholdPx - 1 });
    fireEvent.pointerUp(root, { clientX: 100 + TOASTS.swipeThresholdPx - 1 });
    await advance(0);
    expect(visibleStatus('Swipe me')).toHaveLength(1);
    fireEvent.pointerDown(root, { clientX: 100 });
    fireEvent.pointerUp(root, { clientX: 100 + TOASTS.swipeThresholdPx });
    await advance(0);
    expect(visibleStatus('Swipe me')).toHaveLength(0);
  });

  it('pauses while hovered', async () => {
    act(() => void toast({ title: 'Hover me' }));
    await advance(0);
    const region = screen.getByRole('region');
    fireEvent.mouseMove(region);
    await advance(TOASTS.defaultDurationMs * 3);
    expect(visibleStatus('Hover me')).toHaveLength(1);
    fireEvent.mouseLeave(region);
    await advance(TOASTS.defaultDurationMs + 100);
    expect(visibleStatus('Hover me')).toHaveLength(0);
  });

  it('pauses while focused', async () => {
    act(() => void toast({ title: 'Focus me' }));
    await advance(0);
    const root = screen.getByText('Focus me').closest('[role="status"]') as HTMLElement;
    act(() => root.focus());
    await advance(TOASTS.defaultDurationMs * 3);
    expect(visibleStatus('Focus me')).toHaveLength(1);
  });

  it('marks destructive toasts', async () => {
    act(() => void toast({ title: 'Bad', variant: 'destructive' }));
    await advance(0);
    const root = screen.getByText('Bad').closest('[role="status"]')!;
    expect(root).toHaveAttribute('data-variant', 'destructive');
    expect(root).toHaveAttribute('data-type', 'error');
  });

  it('carries a link: a plain click navigates in the app and closes the toast', async () => {
    const onNavigate = vi.fn();
    act(
      () =>
        void toast({
          title: 'Alert raised',
          link: { label: 'Open the alert', href: '/x?alert=1', onNavigate },
        }),
    );
    await advance(0);
    const link = screen.getByRole('link', { name: 'Open the alert' });
    expect(link).toHaveAttribute('href', '/x?alert=1');
    fireEvent.click(link, { ctrlKey: true });
    expect(onNavigate).not.toHaveBeenCalled();
    fireEvent.click(link);
    expect(onNavigate).toHaveBeenCalledTimes(1);
    await advance(0);
    expect(visibleStatus('Alert raised')).toHaveLength(0);
  });
});
