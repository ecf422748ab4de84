/** Whether the shell should use the off-canvas drawer; follows viewport resizes. */
import { useSyncExternalStore } from 'react';
import { currentDeviceTraits, isMobileDevice } from '@/features/sidebar/utils/is-mobile-device';

function subscribe(onChange: () => void): () => void {
  window.addEventListener('resize', onChange);
  window.addEventListener('orientationchange', onChange);
  return () => {
    window.removeEventListener('resize', onChange);
    window.removeEventListener('orientationchange', onChange);
  };
}

function snapshot(): boolean {
  return isMobileDevice(currentDeviceTraits());
}

export function useIsMobile(): boolean {
  return useSyncExternalStore(subscribe, snapshot, () => false);
}
