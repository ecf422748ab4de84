/**
 * The queue's keyboard shortcuts, opened by the heading's button or by `?` from anywhere on the page
 * (also over an open alert, which is why it is a dialog and not a block the drawer would cover).
 */
import { Button, CloseButton, Dialog, Kbd, List, Portal } from '@chakra-ui/react';

interface TriageShortcutsHelpProps {
  open: boolean;
  onOpenChange: (open: boolean) => void;
}

export function TriageShortcutsHelp({ open, onOpenChange }: TriageShortcutsHelpProps) {
  return (
    <Dialog.Root open={open} onOpenChange={(details) => onOpenChange(details.open)} size="md">
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content>
            <Dialog.Header>
              <Dialog.Title>Keyboard shortcuts</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <List.Root fontSize="sm" gap="2" ps="4">
                <List.Item>
                  <Kbd>↑</Kbd> <Kbd>↓</Kbd> move in the queue, <Kbd>Space</Kbd> select, <Kbd>Enter</Kbd> open,{' '}
                  <Kbd>Ctrl</Kbd>+<Kbd>A</Kbd> select all loaded
                </List.Item>
                <List.Item>
                  <Kbd>a</Kbd> acknowledge, <Kbd>i</Kbd> investigate, <Kbd>r</Kbd> resolve, <Kbd>d</Kbd>{' '}
                  dismiss, <Kbd>m</Kbd> assign to me — the selection, or the open alert
                </List.Item>
                <List.Item>
                  <Kbd>?</Kbd> this list, from anywhere but a text field
                </List.Item>
              </List.Root>
            </Dialog.Body>
            <Dialog.Footer>
              <Dialog.ActionTrigger asChild>
                <Button variant="outline">Close</Button>
              </Dialog.ActionTrigger>
            </Dialog.Footer>
            <Dialog.CloseTrigger asChild>
              <CloseButton size="sm" />
            </Dialog.CloseTrigger>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
