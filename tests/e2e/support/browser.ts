/** Browser settings of the e2e suite; the Chromium launch options are shared with the hardening suite. */
export { chromiumLaunchOptions } from '../../shared/chromium';

export const DESKTOP_VIEWPORT = { width: 1280, height: 800 } as const;
export const MOBILE_VIEWPORT = { width: 390, height: 844 } as const;
