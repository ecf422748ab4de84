/**
 * The KEV catalogue's two urgency marks as table cells, the same wherever a KEV entry is listed (the
 * Live CVE Feed, an asset's exposures): a remediation due date that stands out once past, and CISA's
 * "known ransomware use".
 */
import { Badge, Text } from '@chakra-ui/react';
import { formatIsoDate } from '@/lib/format/format';

export function KevDueDate({ date, overdue }: { date: string | null; overdue: boolean }) {
  if (!overdue) return formatIsoDate(date) ?? '—';
  return (
    <Badge colorPalette="red" size="sm" title="Past CISA’s remediation due date">
      {formatIsoDate(date)}
      <Text as="span" srOnly>
        {' '}
        overdue
      </Text>
    </Badge>
  );
}

export function RansomwareUse({ use }: { use: string | null }) {
  return use === 'Known' ? (
    <Badge colorPalette="red" variant="solid" size="sm">
      Known
    </Badge>
  ) : (
    <Text as="span" color="fg.muted">
      Unknown
    </Text>
  );
}
