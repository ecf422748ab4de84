/** A menu of the optional columns; the page keeps the choice (in the URL, so a shared link keeps it). */
import { Button, Menu, Portal } from '@chakra-ui/react';
import { LuColumns3 } from 'react-icons/lu';
import type { DataTableColumn } from './types';

interface ColumnChooserProps<Row> {
  columns: readonly DataTableColumn<Row>[];
  hidden: readonly string[];
  onHiddenChange: (hidden: string[]) => void;
}

export function ColumnChooser<Row>({ columns, hidden, onHiddenChange }: ColumnChooserProps<Row>) {
  const optional = columns.filter((column) => !column.required);
  return (
    <Menu.Root closeOnSelect={false}>
      <Menu.Trigger asChild>
        <Button size="sm" variant="outline">
          <LuColumns3 aria-hidden="true" />
          Columns
        </Button>
      </Menu.Trigger>
      <Portal>
        <Menu.Positioner>
          <Menu.Content>
            {optional.map((column) => {
              const shown = !hidden.includes(column.id);
              return (
                <Menu.CheckboxItem
                  key={column.id}
                  value={column.id}
                  checked={shown}
                  onCheckedChange={(checked) =>
                    onHiddenChange(checked ? hidden.filter((id) => id !== column.id) : [...hidden, column.id])
                  }
                >
                  {column.header}
                  <Menu.ItemIndicator />
                </Menu.CheckboxItem>
              );
            })}
          </Menu.Content>
        </Menu.Positioner>
      </Portal>
    </Menu.Root>
  );
}
