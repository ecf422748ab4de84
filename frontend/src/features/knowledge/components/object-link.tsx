/** A related object's name: a button that opens it in the drawer when the page can, plain text otherwise. */
import { Button } from '@chakra-ui/react';
import { InertText } from '@/lib/security/inert-text';

interface ObjectLinkProps {
  stixId: string;
  name: string | null;
  onOpen?: (stixId: string) => void;
}

export function ObjectLink({ stixId, name, onOpen }: ObjectLinkProps) {
  const text = <InertText value={name ?? stixId} defangLinks={false} />;
  if (!onOpen) return text;
  return (
    <Button
      variant="plain"
      size="sm"
      height="auto"
      minWidth="0"
      p="0"
      fontWeight="medium"
      textDecoration="underline"
      textAlign="start"
      whiteSpace="normal"
      onClick={() => onOpen(stixId)}
    >
      {text}
    </Button>
  );
}
