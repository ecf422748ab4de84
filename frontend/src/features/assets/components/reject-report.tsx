/** The rows the import will leave out, each with its line in the file and why. */
import { Table, Text } from '@chakra-ui/react';
import { formatInteger } from '@/lib/format/format';

/** Enough to fix a file by; the rest are counted. */
const SHOWN = 200;

export function RejectReport({ rejects }: { rejects: readonly { line: number; reason: string }[] }) {
  return (
    <>
      <Table.ScrollArea maxHeight="16rem" borderWidth="1px" borderRadius="md">
        <Table.Root size="sm" stickyHeader>
          <Table.Caption captionSide="top" textAlign="start" px="3">
            Rejected rows: they will not be imported. Fix them in the file and choose it again.
          </Table.Caption>
          <Table.Header>
            <Table.Row>
              <Table.ColumnHeader width="6rem">Line</Table.ColumnHeader>
              <Table.ColumnHeader>Reason</Table.ColumnHeader>
            </Table.Row>
          </Table.Header>
          <Table.Body>
            {rejects.slice(0, SHOWN).map((reject) => (
              <Table.Row key={reject.line}>
                <Table.Cell fontVariantNumeric="tabular-nums">{reject.line}</Table.Cell>
                <Table.Cell>{reject.reason}</Table.Cell>
              </Table.Row>
            ))}
          </Table.Body>
        </Table.Root>
      </Table.ScrollArea>
      {rejects.length > SHOWN && (
        <Text fontSize="sm" color="fg.muted">
          And {formatInteger(rejects.length - SHOWN)} more rejected rows.
        </Text>
      )}
    </>
  );
}
