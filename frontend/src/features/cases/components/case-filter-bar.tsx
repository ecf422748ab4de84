/** Filters of the Cases list: status, kind and assignee (kept in the URL). */
import { Flex } from '@chakra-ui/react';
import { FilterSelect } from '@/components/ui/filter-select';
import type { CasePerson } from '@/features/cases/api/list-case-people';
import {
  CASE_KINDS,
  CASE_STATUSES,
  KIND_LABELS,
  STATUS_LABELS,
  type CaseFilters,
} from '@/features/cases/schemas/case-filters';

interface CaseFilterBarProps {
  filters: CaseFilters;
  people: readonly CasePerson[];
  onChange: (patch: Partial<CaseFilters>) => void;
}

export function CaseFilterBar({ filters, people, onChange }: CaseFilterBarProps) {
  return (
    <Flex gap="2" wrap="wrap" role="group" aria-label="Filter the cases">
      <FilterSelect
        label="Status"
        value={filters.status}
        onChange={(value) => onChange({ status: value as CaseFilters['status'] })}
      >
        <option value="open">Open</option>
        {CASE_STATUSES.map((status) => (
          <option key={status} value={status}>
            {STATUS_LABELS[status]}
          </option>
        ))}
        <option value="all">All statuses</option>
      </FilterSelect>
      <FilterSelect
        label="Kind"
        value={filters.kind ?? ''}
        onChange={(value) => onChange({ kind: (value || undefined) as CaseFilters['kind'] })}
      >
        <option value="">All kinds</option>
        {CASE_KINDS.map((kind) => (
          <option key={kind} value={kind}>
            {KIND_LABELS[kind]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Assignee"
        value={filters.assignee ?? ''}
        onChange={(value) => onChange({ assignee: value || undefined })}
      >
        <option value="">Anyone</option>
        <option value="me">Me</option>
        <option value="unassigned">Unassigned</option>
        {people.map((person) => (
          <option key={person.id} value={person.id}>
            {person.display_name || person.email}
          </option>
        ))}
      </FilterSelect>
    </Flex>
  );
}
