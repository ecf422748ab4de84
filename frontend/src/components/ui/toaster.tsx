/** `<Toaster/>`: mounted once at the root; renders the store of `toast.ts` (close button, Escape, swipe). */
import { Toaster as ChakraToaster, Portal, Stack, Toast } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { isToastDismissed, subscribeToDismissals, toaster, type ToastVariant } from './toast';
import { useSwipeToDismiss } from './use-swipe-to-dismiss';

interface ToastView {
  id?: string;
  title?: unknown;
  description?: unknown;
  meta?: Record<string, unknown>;
}

function ToastItem({ view }: { view: ToastView }) {
  const id = view.id ?? '';
  const hidden = useSyncExternalStore(subscribeToDismissals, () => isToastDismissed(id));
  const { offset, handlers } = useSwipeToDismiss(() => toaster.dismiss(id));
  const variant = (view.meta?.variant as ToastVariant | undefined) ?? 'default';
  return (
    <Toast.Root
      width={{ md: 'sm' }}
      hidden={hidden}
      data-variant={variant}
      touchAction="pan-y"
      style={offset ? { translate: `${offset}px 0` } : undefined}
      {...handlers}
    >
      <Stack gap="1" flex="1" maxWidth="100%">
        {typeof view.title === 'string' && <Toast.Title>{view.title}</Toast.Title>}
        {typeof view.description === 'string' && <Toast.Description>{view.description}</Toast.Description>}
      </Stack>
      <Toast.CloseTrigger />
    </Toast.Root>
  );
}

export function Toaster() {
  return (
    <Portal>
      <ChakraToaster toaster={toaster} insetInline={{ mdDown: '4' }}>
        {(view: ToastView) => <ToastItem key={view.id} view={view} />}
      </ChakraToaster>
    </Portal>
  );
}
