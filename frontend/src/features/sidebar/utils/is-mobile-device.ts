/** SPEC §9: mobile means narrower than 1024 px, or touch-capable, or a mobile user agent. */
import { SIDEBAR } from '@/config/constants';

export interface DeviceTraits {
  viewportWidth: number;
  maxTouchPoints: number;
  hasTouchEvents: boolean;
  userAgent: string;
}

const MOBILE_USER_AGENT = /Android|webOS|iPhone|iPad|iPod|BlackBerry|IEMobile|Opera Mini|Mobile/i;

export function isMobileDevice(traits: DeviceTraits): boolean {
  return (
    traits.viewportWidth < SIDEBAR.mobileBreakpointPx ||
    traits.maxTouchPoints > 0 ||
    traits.hasTouchEvents ||
    MOBILE_USER_AGENT.test(traits.userAgent)
  );
}

export function currentDeviceTraits(): DeviceTraits {
  return {
    viewportWidth: window.innerWidth,
    maxTouchPoints: navigator.maxTouchPoints ?? 0,
    hasTouchEvents: 'ontouchstart' in window,
    userAgent: navigator.userAgent,
  };
}
