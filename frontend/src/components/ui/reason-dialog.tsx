/**
 * A confirmation that needs a reason in words (revoking indicators, dismissing alerts): the reason is
 * kept by the server with who and when, so the dialog cannot be confirmed empty.
 */
import { Button, Dialog, Field, Portal, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';

interface ReasonDialogProps {
  open: boolean;
  title: string;
  confirmLabel: string;
  helper: ReactNode;
  busy: boolean;
  error?: string;
  destructive?: boolean;
  /** Reasons offered with one click. */
  suggestions?: readonly string[];
  /** More choices below the reason (the dismissal's false-positive verdict). */
  children?: ReactNode;
  onCancel: () => void;
  onConfirm: (reason: string) => void;
}

export const MAX_REASON_LENGTH = 500;

export function ReasonDialog(props: ReasonDialogProps) {
  const { open, title, confirmLabel, helper, busy, error, destructive = false, suggestions = [] } = props;
  const [reason, setReason] = useState('');
  const cancel = () => {
    setReason('');
    props.onCancel();
  };
  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && cancel()} role="alertdialog">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            as="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (reason.trim()) props.onConfirm(reason.trim());
            }}
          >
            <Dialog.Header>
              <Dialog.Title>{title}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Field.Root required>
                <Field.Label>Reason</Field.Label>
                <Textarea
                  value={reason}
                  maxLength={MAX_REASON_LENGTH}
                  onChange={(event) => setReason(event.target.value)}
                />
                <Field.HelperText>
                  {helper}
                  {suggestions.length > 0 && ' For example: '}
                  {suggestions.map((item, index) => (
                    <span key={item}>
                      {index > 0 && ', '}
                      <Button variant="plain" size="xs" px="0" height="auto" onClick={() => setReason(item)}>
                        {item}
                      </Button>
                    </span>
                  ))}
                </Field.HelperText>
              </Field.Root>
              {props.children}
              {error && (
                <Text role="alert" color="fg.error" mt="3">
                  {error}
                </Text>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={cancel}>
                Cancel
              </Button>
              <Button
                type="submit"
                colorPalette={destructive ? 'red' : undefined}
                disabled={!reason.trim()}
                loading={busy}
              >
                {confirmLabel}
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
