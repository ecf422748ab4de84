/**
 * A dialog around one form (add or edit something): title, the fields, the server's refusal in words
 * ("Not saved: …"), Cancel and the submit button. Enter submits; Escape, the backdrop or Cancel close
 * it without saving. The caller keeps the form's state and the mutation.
 */
import { Button, Dialog, Portal, Stack, Text } from '@chakra-ui/react';
import type { ReactNode } from 'react';

interface FormDialogProps {
  title: ReactNode;
  submitLabel: string;
  /** Whether the form is complete enough to send. */
  canSubmit: boolean;
  busy: boolean;
  /** The last refusal, shown above the buttons. */
  error?: Error | null;
  onSubmit: () => void;
  onClose: () => void;
  children: ReactNode;
}

export function FormDialog(props: FormDialogProps) {
  const { title, submitLabel, canSubmit, busy, error, onSubmit, onClose, children } = props;
  return (
    <Dialog.Root open onOpenChange={(details) => !details.open && onClose()} size="lg">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            as="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (canSubmit && !busy) onSubmit();
            }}
          >
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                {children}
                {error && (
                  <Text role="alert" color="fg.error" fontSize="sm">
                    Not saved: {error.message}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={onClose}>
                Cancel
              </Button>
              <Button type="submit" disabled={!canSubmit} loading={busy}>
                {submitLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
