// Test environment: jest-dom matchers, a clean DOM after each test, and the browser APIs jsdom lacks.
import '@testing-library/jest-dom/vitest';
import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';

afterEach(() => cleanup());

// A page is a lazy chunk: the first test to open one transforms its modules, which on two busy cores
// (vitest's workers beside the rest of `npm test`) took longer than findBy's default 1 s. Waiting longer
// for what does appear changes no verdict; a test that fails still fails.
configure({ asyncUtilTimeout: 5_000 });

if (!window.matchMedia) {
  window.matchMedia = (query: string) =>
    ({
      matches: false,
      media: query,
      onchange: null,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      addListener: () => undefined,
      removeListener: () => undefined,
      dispatchEvent: () => false,
    }) as MediaQueryList;
}

// Chakra's menus and popovers measure themselves; jsdom has no ResizeObserver.
if (!('ResizeObserver' in window)) {
  class NoopResizeObserver {
    observe(): void {}
    unobserve(): void {}
    disconnect(): void {}
  }
  Object.assign(window, { ResizeObserver: NoopResizeObserver });
}
