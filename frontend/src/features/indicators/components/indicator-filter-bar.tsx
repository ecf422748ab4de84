/**
 * The IOC filters. Every change goes to the URL (replacing the history entry), and the list follows.
 * The search box takes any text as typed; defanged values are refanged when searched.
 */
import { Button, Flex, Text } from '@chakra-ui/react';
import { FilterSelect } from '@/components/ui/filter-select';
import { SearchInput } from '@/components/ui/search-input';
import { SEARCH_LIMITS } from '@/config/constants';
import { TYPE_NAMES, INDICATOR_TYPES, type IndicatorType } from '@/lib/intel/indicator-input';
import { tlpLabel } from '@/components/intel/tlp-badge';
import { useSources } from '@/features/indicators/api/get-sources';
import {
  MIN_SCORES,
  TLP_LEVELS,
  type IndicatorFilters,
} from '@/features/indicators/schemas/indicator-filters';

interface IndicatorFilterBarProps {
  filters: IndicatorFilters;
  onChange: (patch: Partial<IndicatorFilters>) => void;
}

export function IndicatorFilterBar({ filters, onChange }: IndicatorFilterBarProps) {
  const sources = useSources();

  const filtered =
    filters.q ||
    filters.type.length ||
    filters.tlp.length ||
    filters.source ||
    filters.minConfidence !== undefined ||
    filters.minScore !== undefined ||
    filters.seen ||
    filters.malware ||
    filters.status !== 'active';

  return (
    <Flex gap="2" wrap="wrap" align="center" role="search" aria-label="Filter indicators">
      <SearchInput
        size="sm"
        placeholder="Search values (defanged is fine: hxxp://evil[.]com)"
        label="Search indicator values"
        limit={SEARCH_LIMITS.indicators}
        value={filters.q}
        onCommit={(q) => onChange({ q })}
      />
      <FilterSelect
        label="Type"
        value={filters.type[0] ?? ''}
        onChange={(value) => onChange({ type: value ? [value as IndicatorType] : [] })}
      >
        <option value="">All types</option>
        {INDICATOR_TYPES.map((type) => (
          <option key={type} value={type}>
            {TYPE_NAMES[type]}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="TLP"
        value={filters.tlp[0] ?? ''}
        onChange={(value) => onChange({ tlp: value ? [value as (typeof TLP_LEVELS)[number]] : [] })}
      >
        <option value="">Any TLP</option>
        {TLP_LEVELS.map((tlp) => (
          <option key={tlp} value={tlp}>
            {tlpLabel(tlp)}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Source"
        value={filters.source ?? ''}
        onChange={(value) => onChange({ source: value || undefined })}
      >
        <option value="">All sources</option>
        {(sources.data ?? []).map((source) => (
          <option key={source.id} value={source.id}>
            {source.name}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Minimum confidence"
        value={filters.minConfidence === undefined ? '' : String(filters.minConfidence)}
        onChange={(value) => onChange({ minConfidence: value === '' ? undefined : Number(value) })}
      >
        <option value="">Any confidence</option>
        {[25, 50, 75, 90].map((level) => (
          <option key={level} value={level}>
            Confidence ≥ {level}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Minimum score"
        value={filters.minScore === undefined ? '' : String(filters.minScore)}
        onChange={(value) => onChange({ minScore: value === '' ? undefined : Number(value) })}
      >
        <option value="">Any score</option>
        {MIN_SCORES.map((level) => (
          <option key={level} value={level}>
            Score ≥ {level}
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="Last seen"
        value={filters.seen ?? ''}
        onChange={(value) => onChange({ seen: (value || undefined) as IndicatorFilters['seen'] })}
      >
        <option value="">Seen any time</option>
        <option value="24h">Seen in 24 hours</option>
        <option value="7d">Seen in 7 days</option>
        <option value="30d">Seen in 30 days</option>
        <option value="90d">Seen in 90 days</option>
      </FilterSelect>
      <FilterSelect
        label="Status"
        value={filters.status}
        onChange={(value) => onChange({ status: value as IndicatorFilters['status'] })}
      >
        <option value="active">Active only</option>
        <option value="revoked">Revoked only</option>
        <option value="all">Active and revoked</option>
      </FilterSelect>
      {filters.malware && (
        <Text fontSize="sm" color="fg.muted">
          Malware filter on
        </Text>
      )}
      {filtered && (
        <Button
          size="sm"
          variant="ghost"
          onClick={() =>
            onChange({
              q: '',
              type: [],
              tlp: [],
              source: undefined,
              minConfidence: undefined,
              minScore: undefined,
              seen: undefined,
              malware: undefined,
              status: 'active',
            })
          }
        >
          Clear filters
        </Button>
      )}
    </Flex>
  );
}
