/**
 * An indicator on screen: defanged text that cannot be clicked, and a button that copies the real
 * (refanged) value for a tool that needs it. The value is stored canonical, so the copy is exact.
 */
import { Flex, IconButton } from '@chakra-ui/react';
import { useState } from 'react';
import { LuCheck, LuCopy } from 'react-icons/lu';
import { InertText } from '@/lib/security/inert-text';

export function IndicatorValue({ value, singleLine = false }: { value: string; singleLine?: boolean }) {
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    await navigator.clipboard.writeText(value);
    setCopied(true);
    setTimeout(() => setCopied(false), 1500);
  };
  return (
    <Flex align="center" gap="1" minWidth="0">
      <InertText value={value} as="code" singleLine={singleLine} />
      <IconButton
        size="2xs"
        variant="ghost"
        aria-label={copied ? 'Copied' : 'Copy the real value'}
        title="Copy the real (refanged) value"
        onClick={(event) => {
          event.stopPropagation();
          void copy();
        }}
      >
        {copied ? <LuCheck /> : <LuCopy />}
      </IconButton>
    </Flex>
  );
}
