/** The sidebar's expanded/collapsed state survives reloads in a cookie for 7 days (SPEC §2, §9). */
import { SIDEBAR } from '@/config/constants';

/** The saved state, or undefined when there is none (or it is not ours to read). */
export function readSidebarCookie(cookieString: string = document.cookie): boolean | undefined {
  for (const part of cookieString.split(';')) {
    const [name, value] = part.trim().split('=');
    if (name === SIDEBAR.cookieName) {
      if (value === 'true') return true;
      if (value === 'false') return false;
    }
  }
  return undefined;
}

export function sidebarCookieValue(expanded: boolean): string {
  return `${SIDEBAR.cookieName}=${expanded}; Path=/; Max-Age=${SIDEBAR.cookieMaxAgeSeconds}; SameSite=Lax`;
}

export function writeSidebarCookie(expanded: boolean): void {
  document.cookie = sidebarCookieValue(expanded);
}
