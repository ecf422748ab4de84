/** `<Toaster/>`: mounted once at the root; renders the store of `toast.ts` (close button, Escape, swipe). */
import { Toaster as ChakraToaster, Link, Portal, Stack, Toast } from '@chakra-ui/react';
import { useSyncExternalStore } from 'react';
import { isToastDismissed, subscribeToDismissals, toaster, type ToastLink, type ToastVariant } from './toast';
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
  const link = view.meta?.link as ToastLink | undefined;
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
        {link && (
          <Link
            href={link.href}
            fontSize="sm"
            fontWeight="medium"
            onClick={(event) => {
              // A plain click stays in the app; a modified one opens a tab as links do.
              if (!link.onNavigate || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey)
                return;
              event.preventDefault();
              link.onNavigate();
              toaster.dismiss(id);
            }}
          >
            {link.label}
          </Link>
        )}
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
