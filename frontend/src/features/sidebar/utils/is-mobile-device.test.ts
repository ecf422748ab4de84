import { describe, expect, it } from 'vitest';
import { SIDEBAR } from '@/config/constants';
import { isMobileDevice, type DeviceTraits } from './is-mobile-device';

const desktop: DeviceTraits = {
  viewportWidth: 1440,
  maxTouchPoints: 0,
  hasTouchEvents: false,
  userAgent:
    'Mozilla/5.0 (X11; Linux x86_64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0 Safari/537.36',
};

describe('isMobileDevice', () => {
  it('treats a wide desktop browser without touch as desktop', () => {
    expect(isMobileDevice(desktop)).toBe(false);
  });

  it('is mobile below 1024 px and desktop from 1024 px', () => {
    expect(SIDEBAR.mobileBreakpointPx).toBe(1024);
    expect(isMobileDevice({ ...desktop, viewportWidth: SIDEBAR.mobileBreakpointPx - 1 })).toBe(true);
    expect(isMobileDevice({ ...desktop, viewportWidth: SIDEBAR.mobileBreakpointPx })).toBe(false);
  });

  it('is mobile on a touch-capable device, whatever its width', () => {
    expect(isMobileDevice({ ...desktop, maxTouchPoints: 5 })).toBe(true);
    expect(isMobileDevice({ ...desktop, hasTouchEvents: true })).toBe(true);
  });

  it('is mobile for a mobile user agent', () => {
    const iphone =
      'Mozilla/5.0 (iPhone; CPU iPhone OS 17_0 like Mac OS X) AppleWebKit/605.1.15 Mobile/15E148';
    const android =
      'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 Chrome/140.0 Mobile Safari/537.36';
    expect(isMobileDevice({ ...desktop, userAgent: iphone })).toBe(true);
    expect(isMobileDevice({ ...desktop, userAgent: android })).toBe(true);
  });
});
