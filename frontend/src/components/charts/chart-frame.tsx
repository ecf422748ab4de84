/**
 * Every chart has a table view: the same numbers for screen readers, keyboard users and anyone who
 * would rather read. The chart itself is an image with a title and a summary.
 */
import { Button, Flex, Heading, Stack, Table } from '@chakra-ui/react';
import { useId, useState, type ReactNode } from 'react';

export interface ChartTable {
  columns: readonly string[];
  rows: readonly (readonly (string | number)[])[];
}

interface ChartFrameProps {
  title: string;
  /** One sentence that says what the chart shows (the image's description). */
  summary: string;
  table: ChartTable;
  children: ReactNode;
  action?: ReactNode;
}

export function ChartFrame({ title, summary, table, children, action }: ChartFrameProps) {
  const [asTable, setAsTable] = useState(false);
  const titleId = useId();
  return (
    <Stack
      as="section"
      aria-labelledby={titleId}
      gap="2"
      borderWidth="1px"
      borderRadius="md"
      p="4"
      minWidth="0"
    >
      {/* On a narrow screen the title keeps a line of its own and the controls wrap below it. */}
      <Flex align="center" gap="2" wrap="wrap">
        <Heading as="h2" size="sm" id={titleId} flex="1 0 10rem">
          {title}
        </Heading>
        {action}
        <Button size="xs" variant="ghost" aria-pressed={asTable} onClick={() => setAsTable(!asTable)}>
          {asTable ? 'Show chart' : 'Show table'}
        </Button>
      </Flex>
      {asTable ? (
        // Focusable, so a long table scrolls from the keyboard too (axe: scrollable-region-focusable).
        <Table.ScrollArea maxHeight="18rem" tabIndex={0} role="group" aria-label={`${title}: table`}>
          <Table.Root size="sm">
            <Table.Caption>{summary}</Table.Caption>
            <Table.Header>
              <Table.Row>
                {table.columns.map((column) => (
                  <Table.ColumnHeader key={column}>{column}</Table.ColumnHeader>
                ))}
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {table.rows.map((row, index) => (
                <Table.Row key={index}>
                  {row.map((cell, cellIndex) => (
                    <Table.Cell key={cellIndex}>{cell}</Table.Cell>
                  ))}
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      ) : (
        <figure aria-label={title} style={{ margin: 0 }}>
          {children}
          <figcaption
            style={{ position: 'absolute', width: 1, height: 1, overflow: 'hidden', clip: 'rect(0 0 0 0)' }}
          >
            {summary}
          </figcaption>
        </figure>
      )}
    </Stack>
  );
}
