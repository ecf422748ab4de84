/**
 * The list's filters: text (names, aliases, ATT&CK ids; failing those, descriptions and near names),
 * kind and source with how many objects each has, and whether revoked or deprecated ones show.
 * Every change goes to the URL, and the list follows.
 */
import { Button, Flex } from '@chakra-ui/react';
import { FilterSelect } from '@/components/ui/filter-select';
import { SearchInput } from '@/components/ui/search-input';
import { SEARCH_LIMITS } from '@/config/constants';
import { formatInteger } from '@/lib/format/format';
import { useCtiFacets } from '@/features/knowledge/api/get-cti-facets';
import { CTI_KINDS, type CtiFilters, type CtiKind } from '@/features/knowledge/schemas/cti-filters';
import { kindName } from '@/features/knowledge/utils/object-kinds';
import { NewObjectButton } from './new-object-button';

interface CtiFilterBarProps {
  filters: CtiFilters;
  onChange: (patch: Partial<CtiFilters>) => void;
}

const counted = (label: string, count: number | undefined) =>
  count === undefined ? label : `${label} (${formatInteger(count)})`;

export function CtiFilterBar({ filters, onChange }: CtiFilterBarProps) {
  const facets = useCtiFacets();
  const filtered = filters.q || filters.kind || filters.source || filters.revoked !== 'hide';
  return (
    <Flex
      gap="2"
      wrap="wrap"
      align="center"
      role="search"
      aria-label="Filter actors, malware, tools and campaigns"
    >
      <SearchInput
        size="sm"
        placeholder="Name, alias or ATT&CK id (APT28, Fancy Bear, G0007)"
        label="Search actors, malware, tools and campaigns"
        limit={SEARCH_LIMITS.knowledge}
        value={filters.q}
        onCommit={(q) => onChange({ q })}
      />
      <FilterSelect
        label="Kind"
        value={filters.kind ?? ''}
        onChange={(value) => onChange({ kind: (value || undefined) as CtiKind | undefined })}
      >
        <option value="">All kinds</option>
        {CTI_KINDS.filter((kind) => !facets.data || facets.data.kinds[kind] || kind === filters.kind).map(
          (kind) => (
            <option key={kind} value={kind}>
              {counted(kindName(kind), facets.data?.kinds[kind])}
            </option>
          ),
        )}
      </FilterSelect>
      <FilterSelect
        label="Source"
        value={filters.source ?? ''}
        onChange={(value) => onChange({ source: value || undefined })}
      >
        <option value="">All sources</option>
        {(facets.data?.sources ?? []).map((source) => (
          <option key={source.id} value={source.id}>
            {counted(source.name, source.objects)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Revoked and deprecated"
        value={filters.revoked}
        onChange={(value) => onChange({ revoked: value as CtiFilters['revoked'] })}
      >
        <option value="hide">Current only</option>
        <option value="show">With revoked and deprecated</option>
      </FilterSelect>
      {filtered && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() => onChange({ q: '', kind: undefined, source: undefined, revoked: 'hide' })}
        >
          Clear filters
        </Button>
      )}
      <Flex flex="1" justify="flex-end" gap="2">
        <NewObjectButton onCreated={(open) => onChange({ open })} />
      </Flex>
    </Flex>
  );
}
