/** The briefing's period and TLP marking (both in the URL) and the export button. */
import { Flex } from '@chakra-ui/react';
import type { ReactNode } from 'react';
import { tlpLabel } from '@/components/intel/tlp-badge';
import { TLP_LEVELS } from '@/components/intel/tlp-marking';
import { FilterSelect } from '@/components/ui/filter-select';
import { BRIEFING_PERIODS, PERIOD_DAYS, type BriefingView } from '@/features/briefing/schemas/briefing-view';

interface BriefingControlsProps {
  view: BriefingView;
  onChange: (patch: Partial<BriefingView>) => void;
  children?: ReactNode;
}

export function BriefingControls({ view, onChange, children }: BriefingControlsProps) {
  return (
    <Flex role="group" aria-label="Briefing options" gap="2" align="center" wrap="wrap">
      <FilterSelect
        label="Period"
        value={view.period}
        onChange={(value) => onChange({ period: value as BriefingView['period'] })}
      >
        {BRIEFING_PERIODS.map((period) => (
          <option key={period} value={period}>
            Last {PERIOD_DAYS[period]} days
          </option>
        ))}
      </FilterSelect>
      <FilterSelect
        label="TLP marking"
        value={view.tlp}
        onChange={(value) => onChange({ tlp: value as BriefingView['tlp'] })}
      >
        {TLP_LEVELS.map((level) => (
          <option key={level} value={level}>
            {tlpLabel(level)}
          </option>
        ))}
      </FilterSelect>
      {children}
    </Flex>
  );
}
