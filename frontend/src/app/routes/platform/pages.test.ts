import { describe, expect, it } from 'vitest';
import { platformPages, type PlatformPage } from '@/config/paths';
import { navGroupTable, platformPageRegistry } from './pages';
import { legacyRedirects } from './platform-routes';

describe('platform page registry', () => {
  it('describes every platform route exactly once', () => {
    const keys = platformPageRegistry.map((page) => page.key);
    expect(new Set(keys).size).toBe(keys.length);
    expect([...keys].sort()).toEqual((Object.keys(platformPages) as PlatformPage[]).sort());
  });

  it('puts every page but the profile in one of the four groups', () => {
    const groupIds = new Set<string>(navGroupTable.map((group) => group.id));
    for (const page of platformPageRegistry) {
      if (page.key === 'profile') expect(page.group).toBeNull();
      else expect(groupIds.has(page.group ?? '')).toBe(true);
    }
  });

  it('keeps the old top-level URLs of SPEC §2, each once', () => {
    const byFrom = Object.fromEntries(legacyRedirects.map((redirect) => [redirect.from, redirect]));
    expect(Object.keys(byFrom)).toHaveLength(legacyRedirects.length);
    expect(Object.keys(byFrom).sort()).toEqual(
      [
        '/dashboard-demo',
        '/nexus-system-dashboard',
        '/quantum-threat-center',
        '/quantum-ai-center',
        '/quantum-security-center',
        '/attack-surface',
        '/global-threat-feed',
        '/threat-analytics-dashboard',
        '/user-management',
        '/system-config',
        '/dashboard',
        '/unified-intelligence',
        '/threat-intelligence-hub',
        '/profile',
        '/admin',
      ].sort(),
    );
    const signInFirst = legacyRedirects
      .filter((redirect) => redirect.signIn)
      .map((redirect) => redirect.from);
    expect(signInFirst.sort()).toEqual(
      ['/dashboard', '/unified-intelligence', '/threat-intelligence-hub', '/profile', '/admin'].sort(),
    );
    expect(legacyRedirects.filter((redirect) => redirect.adminOnly).map((redirect) => redirect.from)).toEqual(
      ['/admin'],
    );
  });
});
