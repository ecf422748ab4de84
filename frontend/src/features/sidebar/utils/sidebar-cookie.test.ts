import { afterEach, describe, expect, it } from 'vitest';
import { SIDEBAR } from '@/config/constants';
import { readSidebarCookie, sidebarCookieValue, writeSidebarCookie } from './sidebar-cookie';

const SEVEN_DAYS_IN_SECONDS = 7 * 24 * 60 * 60;

afterEach(() => {
  document.cookie = `${SIDEBAR.cookieName}=; Path=/; Max-Age=0`;
});

describe('sidebar cookie', () => {
  it('keeps the state for 7 days, for the whole site, same-site lax', () => {
    expect(SIDEBAR.cookieMaxAgeSeconds).toBe(SEVEN_DAYS_IN_SECONDS);
    const value = sidebarCookieValue(false);
    expect(value).toContain(`${SIDEBAR.cookieName}=false`);
    expect(value).toContain(`Max-Age=${SEVEN_DAYS_IN_SECONDS}`);
    expect(value).toContain('SameSite=Lax');
    expect(value).toContain('Path=/');
  });

  it('reads back what was written', () => {
    writeSidebarCookie(false);
    expect(readSidebarCookie()).toBe(false);
    writeSidebarCookie(true);
    expect(readSidebarCookie()).toBe(true);
  });

  it('finds its cookie among others and ignores values it did not write', () => {
    expect(readSidebarCookie(`a=1; ${SIDEBAR.cookieName}=false; b=2`)).toBe(false);
    expect(readSidebarCookie(`${SIDEBAR.cookieName}=maybe`)).toBeUndefined();
    expect(readSidebarCookie('other=true')).toBeUndefined();
    expect(readSidebarCookie('')).toBeUndefined();
  });
});
