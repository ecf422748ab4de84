import { describe, expect, it, vi } from 'vitest';
import { ComponentLoadError } from '@/components/errors/load-failure';
import type { PlatformPage } from '@/config/paths';
import { loadPageModule, preloadPageModules } from './page-modules';
import { pageDefinition, type PlatformPageDefinition } from './pages';

const Page = () => null;

function definition(key: PlatformPage, load: PlatformPageDefinition['load']): PlatformPageDefinition {
  return { ...pageDefinition(key), load };
}

describe('page modules', () => {
  it('hands an arrived module over synchronously, so React.lazy does not suspend again', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const page = definition('liveCveFeed', load);
    await loadPageModule(page);
    let received: unknown;
    loadPageModule(page).then((module) => {
      received = module.default;
    });
    expect(received).toBe(Page);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('fetches a module once while it is on its way', async () => {
    const load = vi.fn(async () => ({ default: Page }));
    const page = definition('darkWebMonitoring', load);
    await Promise.all([loadPageModule(page), loadPageModule(page)]);
    expect(load).toHaveBeenCalledTimes(1);
  });

  it('reports a failed fetch as a load failure and tries again on the next visit', async () => {
    const load = vi
      .fn<PlatformPageDefinition['load']>()
      .mockRejectedValueOnce(new TypeError('Failed to fetch dynamically imported module'))
      .mockResolvedValueOnce({ default: Page });
    const page = definition('brandProtection', load);
    await expect(loadPageModule(page)).rejects.toBeInstanceOf(ComponentLoadError);
    await expect(loadPageModule(page)).resolves.toEqual({ default: Page });
    expect(load).toHaveBeenCalledTimes(2);
  });

  it('preloads pages one after another when idle, and stops when cancelled', async () => {
    vi.useFakeTimers();
    try {
      const first = vi.fn(async () => ({ default: Page }));
      const second = vi.fn(async () => ({ default: Page }));
      const third = vi.fn(async () => ({ default: Page }));
      const cancel = preloadPageModules([
        definition('externalAssets', first),
        definition('networkMonitoring', second),
        definition('threatHunting', third),
      ]);
      expect(first).not.toHaveBeenCalled();
      // jsdom has no requestIdleCallback: each step waits for the 200 ms fallback.
      await vi.advanceTimersByTimeAsync(250);
      expect(first).toHaveBeenCalledTimes(1);
      expect(second).not.toHaveBeenCalled();
      await vi.advanceTimersByTimeAsync(200);
      expect(second).toHaveBeenCalledTimes(1);
      cancel();
      await vi.advanceTimersByTimeAsync(5000);
      expect(third).not.toHaveBeenCalled();
    } finally {
      vi.useRealTimers();
    }
  });
});
