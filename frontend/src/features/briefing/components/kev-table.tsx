/** A short KEV table of the briefing (at most five rows, then how many more External Assets lists). */
import { Heading, Link as ChakraLink, Stack, Table, Text } from '@chakra-ui/react';
import { Link } from 'react-router';
import type { BriefingTable } from '@/features/briefing/utils/briefing-document';

export function KevTable({ table, moreHref }: { table: BriefingTable; moreHref: string }) {
  return (
    <Stack as="section" aria-label={table.title} gap="2" minWidth="0">
      <Heading as="h3" size="sm">
        {table.title}
      </Heading>
      {table.rows.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          {table.empty}
        </Text>
      ) : (
        // Focusable, so a keyboard can scroll it where the screen is narrow.
        <Table.ScrollArea tabIndex={0}>
          <Table.Root size="sm">
            <Table.Header>
              <Table.Row>
                {table.columns.map((column) => (
                  <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {table.rows.map((row) => (
                <Table.Row key={row[0]}>
                  {row.map((cell, index) => (
                    <Table.Cell key={index}>{cell}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {table.more > 0 && (
        <Text fontSize="sm" color="fg.muted">
          And {table.more.toLocaleString()} more:{' '}
          <ChakraLink asChild>
            <Link to={moreHref}>see them all in External Assets</Link>
          </ChakraLink>
          .
        </Text>
      )}
    </Stack>
  );
}
