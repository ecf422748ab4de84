/**
 * The one toast store (SPEC §4, §9): at most one toast, 5 s by default, and a dismissed toast is kept
 * (hidden) for the removal delay. A new toast replaces the current one, so the newest message always shows
 * rather than queueing behind a dismissed one for the whole removal delay.
 */
import { createToaster } from '@chakra-ui/react';
import { TOASTS } from '@/config/constants';

export type ToastVariant = 'default' | 'destructive';

/** A link under the message: a real href (opens in a new tab too), followed in-app by `onNavigate`. */
export interface ToastLink {
  label: string;
  href: string;
  /** The router's navigation; without it the link loads the page. */
  onNavigate?: () => void;
}

export interface ToastInput {
  title: string;
  description?: string;
  variant?: ToastVariant;
  duration?: number;
  link?: ToastLink;
}

export const toaster = createToaster({
  placement: 'bottom-end',
  max: TOASTS.limit,
  duration: TOASTS.defaultDurationMs,
  removeDelay: TOASTS.removeDelayMs,
  pauseOnPageIdle: true,
});

// Ids of toasts that were dismissed but are still kept by the store; the Toaster renders them hidden.
const dismissed = new Set<string>();
const listeners = new Set<() => void>();

export function subscribeToDismissals(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

export function isToastDismissed(id: string): boolean {
  return dismissed.has(id);
}

function setDismissed(id: string, value: boolean) {
  if (value) dismissed.add(id);
  else dismissed.delete(id);
  listeners.forEach((listener) => listener());
}

let sequence = 0;

/** Shows a toast and returns its id. */
export function toast({ title, description, variant = 'default', duration, link }: ToastInput): string {
  if (toaster.getCount() >= TOASTS.limit) toaster.remove();
  sequence += 1;
  const id = `toast-${sequence}`;
  return toaster.create({
    id,
    title,
    description,
    duration,
    type: variant === 'destructive' ? 'error' : 'info',
    closable: true,
    meta: { variant, link },
    onStatusChange: ({ status }) => setDismissed(id, status === 'dismissing'),
  });
}
