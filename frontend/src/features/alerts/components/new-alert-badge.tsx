/** The count of new alerts next to the Threat Intelligence Hub link, announced as words. */
import { Badge, VisuallyHidden } from '@chakra-ui/react';

export function newAlertLabel(count: number): string {
  return `${count} new ${count === 1 ? 'alert' : 'alerts'}`;
}

export function NewAlertBadge({ count }: { count: number }) {
  return (
    <Badge size="xs" variant="solid" colorPalette={count > 0 ? 'red' : 'gray'} borderRadius="full">
      <span aria-hidden="true">{count}</span>
      <VisuallyHidden>{newAlertLabel(count)}</VisuallyHidden>
    </Badge>
  );
}
