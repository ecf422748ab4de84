/** Horizontal swipe on a toast: past the threshold it is dismissed, short of it the toast springs back. */
import { useRef, useState, type PointerEvent } from 'react';
import { TOASTS } from '@/config/constants';

export function useSwipeToDismiss(onDismiss: () => void) {
  const startX = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);

  const end = (event: PointerEvent<HTMLElement>) => {
    if (startX.current === null) return;
    const distance = event.clientX - startX.current;
    startX.current = null;
    setOffset(0);
    if (Math.abs(distance) >= TOASTS.swipeThresholdPx) onDismiss();
  };

  return {
    offset,
    handlers: {
      onPointerDown: (event: PointerEvent<HTMLElement>) => {
        if ((event.target as HTMLElement).closest('button')) return;
        startX.current = event.clientX;
      },
      onPointerMove: (event: PointerEvent<HTMLElement>) => {
        if (startX.current !== null) setOffset(event.clientX - startX.current);
      },
      onPointerUp: end,
      onPointerCancel: () => {
        startX.current = null;
        setOffset(0);
      },
    },
  };
}
