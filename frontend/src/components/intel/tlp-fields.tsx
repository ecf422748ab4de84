/**
 * The TLP of what an analyst writes: the levels up to their clearance and, for TLP:RED, the audience
 * among their groups cleared for RED (the database requires one for a RED row made by hand).
 */
import { Field, NativeSelect } from '@chakra-ui/react';
import { RedAudienceChoice } from '@/components/intel/red-audience-choice';
import { tlpLabel } from '@/components/intel/tlp-badge';
import type { RedGroup, Tlp } from '@/lib/intel/clearance';

interface TlpFieldsProps {
  levels: readonly Tlp[];
  tlp: Tlp;
  onTlp: (tlp: Tlp) => void;
  redGroups: readonly RedGroup[];
  audience: readonly string[];
  onAudience: (next: string[]) => void;
}

export function TlpFields({ levels, tlp, onTlp, redGroups, audience, onAudience }: TlpFieldsProps) {
  return (
    <>
      <Field.Root>
        <Field.Label>TLP</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field value={tlp} onChange={(event) => onTlp(event.target.value as Tlp)}>
            {levels.map((level) => (
              <option key={level} value={level}>
                {tlpLabel(level)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      {tlp === 'red' && <RedAudienceChoice groups={redGroups} chosen={audience} onChange={onAudience} />}
    </>
  );
}
