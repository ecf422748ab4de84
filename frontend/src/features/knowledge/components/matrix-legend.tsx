/**
 * Above the matrix: the objects compared (each with the mark its cells carry, and a way to remove it)
 * and what the colours (and a dashed outline) mean for the colouring chosen.
 */
import { Box, Button, Flex, IconButton, Text } from '@chakra-ui/react';
import { LuX } from 'react-icons/lu';
import { InertText } from '@/lib/security/inert-text';
import type { ColourMode } from '@/features/knowledge/utils/matrix-view';
import { HEAT_LEVELS } from '@/features/knowledge/utils/matrix-view';
import { heatSwatch, MARK_PALETTES, VIA_SUBS_NOTE } from './matrix-styles';

export interface SelectedObject {
  stixId: string;
  name: string;
  externalId?: string;
}

interface MatrixLegendProps {
  selected: readonly SelectedObject[];
  mode: ColourMode;
  onRemove: (stixId: string) => void;
  onClear: () => void;
}

function heatLabels(mode: ColourMode, selected: number): string[] {
  if (mode === 'sightings') return ['Fewest sightings', 'Some', 'Many', 'Most sightings'];
  if (selected <= HEAT_LEVELS)
    return Array.from({ length: selected }, (_, index) =>
      selected === 1 ? 'Used' : `Used by ${index + 1} of ${selected}`,
    );
  return ['Used by a few', 'Some', 'Many', `Most or all ${selected}`];
}

export function MatrixLegend({ selected, mode, onRemove, onClear }: MatrixLegendProps) {
  // With fewer objects than levels, n of n is the darkest: the swatches follow heatLevel's scale.
  const labels = heatLabels(mode, selected.length);
  const levels =
    mode === 'usage' && selected.length <= HEAT_LEVELS
      ? labels.map((_, index) => Math.ceil((HEAT_LEVELS * (index + 1)) / selected.length))
      : [1, 2, 3, 4];
  return (
    <Flex gap="4" wrap="wrap" align="center" fontSize="sm">
      {selected.length > 0 && (
        <Flex as="ul" aria-label="Compared on the matrix" gap="2" wrap="wrap" listStyleType="none" ps="0">
          {selected.map((object, index) => (
            <Flex
              as="li"
              key={object.stixId}
              align="center"
              gap="1.5"
              borderWidth="1px"
              borderRadius="full"
              ps="2.5"
            >
              <Box
                aria-hidden="true"
                boxSize="2.5"
                borderRadius="full"
                bg={`${MARK_PALETTES[index]}.600`}
                _dark={{ bg: `${MARK_PALETTES[index]}.300` }}
              />
              <InertText value={object.name} defangLinks={false} />
              {object.externalId && (
                <Text as="span" color="fg.muted">
                  {object.externalId}
                </Text>
              )}
              <IconButton
                size="2xs"
                variant="ghost"
                borderRadius="full"
                aria-label={`Remove ${object.name} from the matrix`}
                onClick={() => onRemove(object.stixId)}
              >
                <LuX />
              </IconButton>
            </Flex>
          ))}
          <li>
            <Button size="xs" variant="ghost" onClick={onClear}>
              Clear
            </Button>
          </li>
        </Flex>
      )}
      {(mode === 'sightings' || selected.length > 0) && (
        <Flex as="ul" aria-label="Colour scale" gap="2" align="center" listStyleType="none" ps="0">
          {levels.map((level, index) => (
            <Flex as="li" key={level} align="center" gap="1">
              <Box
                aria-hidden="true"
                boxSize="3.5"
                borderRadius="sm"
                borderWidth="1px"
                {...heatSwatch(level)}
              />
              <Text as="span">{labels[index]}</Text>
            </Flex>
          ))}
          <Flex as="li" align="center" gap="1">
            <Box
              aria-hidden="true"
              boxSize="3.5"
              borderRadius="sm"
              borderWidth="2px"
              borderStyle="dashed"
              borderColor="fg"
            />
            <Text as="span">Dashed: {VIA_SUBS_NOTE}</Text>
          </Flex>
        </Flex>
      )}
    </Flex>
  );
}
