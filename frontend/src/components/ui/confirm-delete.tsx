/**
 * Delete in two steps, in place: "Delete" turns into "Delete for good" and "Keep it", with what the
 * deletion also removes said beside them. No modal: a list of small items is where the analyst
 * already looks. Focus goes to the safe choice, Escape keeps the item, and focus comes back to
 * "Delete" when the item stays.
 */
import { Button, Text } from '@chakra-ui/react';
import { useEffect, useRef, useState, type KeyboardEvent } from 'react';

interface ConfirmDeleteProps {
  /** What is deleted, for the buttons' names: "the hunt Week 47". */
  subject: string;
  /** Resolves when the deletion is over, done or refused (the caller says which). */
  onConfirm: () => Promise<void>;
  pending: boolean;
  /** What the deletion also removes, shown while asking. */
  warning?: string;
}

export function ConfirmDelete({ subject, onConfirm, pending, warning }: ConfirmDeleteProps) {
  const [asking, setAsking] = useState(false);
  const deleteButton = useRef<HTMLButtonElement>(null);
  const focusDelete = useRef(false);

  useEffect(() => {
    if (asking || !focusDelete.current) return;
    focusDelete.current = false;
    deleteButton.current?.focus();
  }, [asking]);

  const keep = () => {
    focusDelete.current = true;
    setAsking(false);
  };
  const confirm = async () => {
    try {
      await onConfirm();
    } finally {
      keep();
    }
  };
  const escapeKeeps = (event: KeyboardEvent) => {
    if (event.key === 'Escape') keep();
  };

  if (!asking)
    return (
      <Button
        ref={deleteButton}
        size="xs"
        variant="outline"
        aria-label={`Delete ${subject}`}
        onClick={() => setAsking(true)}
      >
        Delete
      </Button>
    );
  return (
    <>
      <Button
        size="xs"
        colorPalette="red"
        loading={pending}
        aria-label={`Confirm deleting ${subject}`}
        onClick={() => void confirm()}
        onKeyDown={escapeKeeps}
      >
        Delete for good
      </Button>
      {/* The safe choice takes the focus the pressed "Delete" had. */}
      <Button size="xs" variant="ghost" autoFocus onClick={keep} onKeyDown={escapeKeeps}>
        Keep it
      </Button>
      {warning && (
        <Text fontSize="xs" color="fg.muted" flexBasis="full">
          {warning}
        </Text>
      )}
    </>
  );
}
