/** Copies a text to the clipboard and says so on the button. */
import { Button } from '@chakra-ui/react';
import { useState } from 'react';

export function CopyButton({ text, label = 'Copy' }: { text: string; label?: string }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(text);
    setCopied(true);
  };
  return (
    <Button
      size="xs"
      variant="outline"
      onClick={() => void copy()}
      aria-label={`${label}: ${text.slice(0, 60)}`}
    >
      {copied ? 'Copied' : label}
    </Button>
  );
}
