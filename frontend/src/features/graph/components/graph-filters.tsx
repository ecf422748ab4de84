/** The graph's filters: which node types to draw, and the date range they were last seen or changed in. */
import { Checkbox, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import type { GraphFilters as Filters } from '@/features/graph/api/get-graph-neighbourhood';
import { GRAPH_TYPE_NAMES } from '@/features/graph/utils/graph-names';

interface GraphFiltersProps {
  value: Filters;
  onChange: (value: Filters) => void;
}

export function GraphFilters({ value, onChange }: GraphFiltersProps) {
  const toggle = (type: string, on: boolean) =>
    onChange({ ...value, types: on ? [...value.types, type] : value.types.filter((kept) => kept !== type) });
  return (
    <Stack gap="2" as="fieldset" fontSize="sm">
      <Text as="legend" fontSize="sm" fontWeight="semibold">
        Show only (none ticked: everything)
      </Text>
      <HStack gap="3" wrap="wrap">
        {Object.entries(GRAPH_TYPE_NAMES).map(([type, name]) => (
          <Checkbox.Root
            key={type}
            size="sm"
            checked={value.types.includes(type)}
            onCheckedChange={(details) => toggle(type, details.checked === true)}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{name}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </HStack>
      <HStack gap="3" wrap="wrap" align="end">
        <Field.Root width="auto">
          <Field.Label fontSize="xs">Seen or changed from</Field.Label>
          <Input
            type="date"
            size="xs"
            value={value.since ?? ''}
            max={value.until}
            onChange={(event) => onChange({ ...value, since: event.target.value || undefined })}
          />
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label fontSize="xs">to</Field.Label>
          <Input
            type="date"
            size="xs"
            value={value.until ?? ''}
            min={value.since}
            onChange={(event) => onChange({ ...value, until: event.target.value || undefined })}
          />
        </Field.Root>
      </HStack>
    </Stack>
  );
}
