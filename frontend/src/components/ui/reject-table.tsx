/** What an import left out, each with where it was in the file and why: enough to fix the file by. */
import { Table, Text } from '@chakra-ui/react';
import { formatInteger } from '@/lib/format/format';

/** Enough to fix a file by; the rest are counted. */
const SHOWN = 200;

export interface RejectRow {
  /** "line 12", "12" or "conn.log: line 3". */
  where: string;
  reason: string;
}

export function RejectTable({
  rejects,
  caption,
  total = rejects.length,
  whereLabel = 'Line',
}: {
  rejects: readonly RejectRow[];
  caption: string;
  /** All rejects, when `rejects` holds only the first of them (a run keeps 1,000). */
  total?: number;
  whereLabel?: string;
}) {
  return (
    <>
      <Table.ScrollArea maxHeight="16rem" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" stickyHeader>
          <Table.Caption captionSide="top" textAlign="start" px="3">
            {caption}
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader width="10rem">{whereLabel}</Table.ColumnHeader>
              <Table.ColumnHeader>Reason</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rejects.slice(0, SHOWN).map((reject, index) => (
              <Table.Row key={`${reject.where}-${index}`}>
                <Table.Cell fontVariantNumeric="tabular-nums">{reject.where}</Table.Cell>
                {/* Reasons quote the file's own text: React renders it as text, never markup. */}
                <Table.Cell>{reject.reason}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {total > Math.min(SHOWN, rejects.length) && (
        <Text fontSize="sm" color="fg.muted">
          And {formatInteger(total - Math.min(SHOWN, rejects.length))} more.
        </Text>
      )}
    </>
  );
}
