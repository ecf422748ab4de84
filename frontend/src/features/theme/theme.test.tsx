import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { THEME } from '@/config/constants';
import { ThemeToggle } from './components/theme-toggle';
import { themeChosen } from './state/theme-slice';

/** A controllable prefers-color-scheme query. */
function fakeColorScheme(initiallyDark: boolean) {
  const listeners = new Set<(event: MediaQueryListEvent) => void>();
  const query = {
    matches: initiallyDark,
    media: '(prefers-color-scheme: dark)',
    addEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) => listeners.add(listener),
    removeEventListener: (_: string, listener: (event: MediaQueryListEvent) => void) =>
      listeners.delete(listener),
  };
  const original = window.matchMedia;
  window.matchMedia = () => query as unknown as MediaQueryList;
  return {
    set(dark: boolean) {
      query.matches = dark;
      listeners.forEach((listener) => listener({ matches: dark } as MediaQueryListEvent));
    },
    restore: () => (window.matchMedia = original),
  };
}

const html = () => document.documentElement;
let scheme: ReturnType<typeof fakeColorScheme>;

beforeEach(() => {
  // The menu positions itself with ResizeObserver, which jsdom lacks.
  vi.stubGlobal(
    'ResizeObserver',
    class {
      observe() {}
      unobserve() {}
      disconnect() {}
    },
  );
  window.localStorage.clear();
  scheme = fakeColorScheme(false);
});
afterEach(() => {
  scheme.restore();
  vi.unstubAllGlobals();
});

describe('theme', () => {
  it('defaults to dark on <html> (class and color-scheme)', () => {
    const store = makeStore();
    render(<AppProvider store={store}>{null}</AppProvider>);
    expect(store.getState().theme.preference).toBe(THEME.defaultTheme);
    expect(html()).toHaveClass('dark');
    expect(html()).not.toHaveClass('light');
    expect(html().style.colorScheme).toBe('dark');
  });

  it('reads and writes the preference under vite-ui-theme', () => {
    window.localStorage.setItem(THEME.storageKey, 'light');
    const store = makeStore();
    render(<AppProvider store={store}>{null}</AppProvider>);
    expect(html()).toHaveClass('light');
    act(() => void store.dispatch(themeChosen('system')));
    expect(window.localStorage.getItem(THEME.storageKey)).toBe('system');
  });

  it('ignores a stored value that is not a theme', () => {
    window.localStorage.setItem(THEME.storageKey, 'purple');
    expect(makeStore().getState().theme.preference).toBe('dark');
  });

  it('system follows the device preference live', () => {
    window.localStorage.setItem(THEME.storageKey, 'system');
    render(<AppProvider store={makeStore()}>{null}</AppProvider>);
    expect(html()).toHaveClass('light');
    act(() => scheme.set(true));
    expect(html()).toHaveClass('dark');
    expect(html().style.colorScheme).toBe('dark');
    act(() => scheme.set(false));
    expect(html()).toHaveClass('light');
  });

  it('the theme menu switches and remembers the choice', async () => {
    const user = userEvent.setup();
    render(
      <AppProvider store={makeStore()}>
        <ThemeToggle />
      </AppProvider>,
    );
    await user.click(screen.getByRole('button', { name: 'Theme: Dark. Change theme' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'Light' }));
    expect(html()).toHaveClass('light');
    expect(window.localStorage.getItem(THEME.storageKey)).toBe('light');
    expect(screen.getByRole('button', { name: 'Theme: Light. Change theme' })).toBeInTheDocument();
  });
});
