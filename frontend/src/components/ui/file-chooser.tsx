/**
 * A button that opens the file picker. The input itself stays in the page (screen readers and
 * Playwright find it by its label) but out of the tab order: the button is what keyboards reach.
 */
import { Button, VisuallyHidden } from '@chakra-ui/react';
import { useRef } from 'react';
import { LuUpload } from 'react-icons/lu';

interface FileChooserProps {
  /** The button's text: "Choose a CSV file". */
  children: string;
  /** The input's accessible name: "CSV file of assets". */
  inputLabel: string;
  accept: string;
  disabled?: boolean;
  onChoose: (file: File | undefined) => void;
}

export function FileChooser({ children, inputLabel, accept, disabled, onChoose }: FileChooserProps) {
  const input = useRef<HTMLInputElement>(null);
  return (
    <>
      <Button size="sm" variant="outline" disabled={disabled} onClick={() => input.current?.click()}>
        <LuUpload aria-hidden="true" />
        {children}
      </Button>
      <VisuallyHidden asChild>
        <input
          ref={input}
          type="file"
          accept={accept}
          aria-label={inputLabel}
          tabIndex={-1}
          onChange={(event) => {
            const chosen = event.target.files?.[0];
            // Reset, so choosing the same file again (after fixing it) reads it again.
            event.target.value = '';
            onChoose(chosen);
          }}
        />
      </VisuallyHidden>
    </>
  );
}
