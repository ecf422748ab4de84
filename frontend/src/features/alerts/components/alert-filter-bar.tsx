/** The queue's filters; each change goes to the URL. */
import { Button, Flex } from '@chakra-ui/react';
import { FilterSelect } from '@/components/ui/filter-select';
import type { Assignee } from '@/features/alerts/api/get-assignees';
import { ALERT_SEVERITIES, ALERT_STATUSES, type AlertFilters } from '@/features/alerts/schemas/alert-filters';
import { STATUS_LABELS } from '@/features/alerts/utils/transitions';

interface AlertFilterBarProps {
  filters: AlertFilters;
  categories: readonly string[];
  assignees: readonly Assignee[];
  onChange: (patch: Partial<AlertFilters>) => void;
}

export function AlertFilterBar({ filters, categories, assignees, onChange }: AlertFilterBarProps) {
  const filtered =
    filters.status !== 'open' ||
    filters.severity.length ||
    filters.category ||
    filters.assignee ||
    filters.window;
  return (
    <Flex gap="2" wrap="wrap" align="center" role="search" aria-label="Filter alerts">
      <FilterSelect
        label="Status"
        value={filters.status}
        onChange={(value) => onChange({ status: value as AlertFilters['status'] })}
      >
        <option value="open">Open (new, acknowledged, investigating)</option>
        {ALERT_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
        <option value="all">Every status</option>
      </FilterSelect>
      <FilterSelect
        label="Severity"
        value={filters.severity[0] ?? ''}
        onChange={(value) =>
          onChange({ severity: value ? [value as (typeof ALERT_SEVERITIES)[number]] : [] })
        }
      >
        <option value="">Any severity</option>
        {ALERT_SEVERITIES.map((severity) => (
          <option key={severity} value={severity}>
            {severity}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Category"
        value={filters.category ?? ''}
        onChange={(value) => onChange({ category: value || undefined })}
      >
        <option value="">Any category</option>
        {categories.map((category) => (
          <option key={category} value={category}>
            {category}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Assignee"
        value={filters.assignee ?? ''}
        onChange={(value) => onChange({ assignee: value || undefined })}
      >
        <option value="">Anyone</option>
        <option value="me">Assigned to me</option>
        <option value="unassigned">Unassigned</option>
        {assignees.map((person) => (
          <option key={person.id} value={person.id}>
            {person.display_name || person.email}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Raised"
        value={filters.window ?? ''}
        onChange={(value) => onChange({ window: (value || undefined) as AlertFilters['window'] })}
      >
        <option value="">Raised any time</option>
        <option value="24h">In 24 hours</option>
        <option value="7d">In 7 days</option>
        <option value="30d">In 30 days</option>
      </FilterSelect>
      {filtered && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() =>
            onChange({
              status: 'open',
              severity: [],
              category: undefined,
              assignee: undefined,
              window: undefined,
            })
          }
        >
          Clear filters
        </Button>
      )}
    </Flex>
  );
}
