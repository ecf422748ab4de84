/** A TLP 2.0 marking as people expect to see it: TLP:AMBER in the marking's colour. */
import { Badge } from '@chakra-ui/react';

export type TlpLevel = 'clear' | 'green' | 'amber' | 'amber+strict' | 'red';

export function tlpLabel(tlp: string): string {
  return `TLP:${tlp.toUpperCase()}`;
}

export function TlpBadge({ tlp }: { tlp: string }) {
  const token = tlp.startsWith('amber') ? 'amber' : tlp;
  return (
    <Badge variant="outline" size="sm" color={`tlp.${token}`} borderColor={`tlp.${token}`}>
      {tlpLabel(tlp)}
    </Badge>
  );
}
