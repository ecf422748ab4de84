/** What the paste holds before it runs: values by type, duplicates folded, entries not recognised. */
import { Badge, Flex, List, Stack, Text } from '@chakra-ui/react';
import { formatInteger } from '@/lib/format/format';
import { INDICATOR_TYPES, TYPE_NAMES } from '@/lib/intel/indicator-input';
import { InertText } from '@/lib/security/inert-text';
import { HUNT_LIMITS } from '@/features/hunting/utils/hunt-limits';
import type { ParsedHunt } from '@/features/hunting/utils/parse-hunt-text';

const plural = (count: number, one: string, many: string) =>
  `${formatInteger(count)} ${count === 1 ? one : many}`;

export function ParseSummary({ parsed, reading }: { parsed: ParsedHunt | undefined; reading: boolean }) {
  if (!parsed) {
    return (
      <Text fontSize="sm" color="fg.muted" aria-live="polite">
        {reading ? 'Reading the paste…' : 'Paste values to see what will be checked.'}
      </Text>
    );
  }
  return (
    <Stack gap="2" fontSize="sm">
      <Text aria-live="polite">
        {plural(parsed.values.length, 'value', 'values')} to check
        {parsed.duplicates > 0 && ` · ${plural(parsed.duplicates, 'duplicate', 'duplicates')} folded`}
        {parsed.unrecognised > 0 && ` · ${plural(parsed.unrecognised, 'entry', 'entries')} not recognised`}
      </Text>
      {parsed.values.length > 0 && (
        <Flex gap="2" wrap="wrap" aria-label="Values by type" role="list">
          {INDICATOR_TYPES.filter((type) => parsed.byType[type]).map((type) => (
            <Badge key={type} role="listitem" variant="subtle" size="sm">
              {TYPE_NAMES[type]}: {formatInteger(parsed.byType[type])}
            </Badge>
          ))}
        </Flex>
      )}
      {parsed.overLimit && (
        <Text color="fg.error" role="alert">
          This paste holds more than {formatInteger(HUNT_LIMITS.maxValues)} distinct values; a hunt checks at
          most {formatInteger(HUNT_LIMITS.maxValues)}. Split it into smaller hunts.
        </Text>
      )}
      {parsed.unrecognisedSamples.length > 0 && (
        <Stack gap="1">
          <Text fontWeight="medium">
            Not recognised
            {parsed.unrecognised > parsed.unrecognisedSamples.length &&
              ` (the first ${parsed.unrecognisedSamples.length})`}
          </Text>
          <List.Root ps="4" gap="0.5" aria-label="Entries not recognised">
            {parsed.unrecognisedSamples.map((entry, index) => (
              <List.Item key={index}>
                Line {formatInteger(entry.line)}: <InertText value={entry.text} as="code" /> — {entry.reason}
              </List.Item>
            ))}
          </List.Root>
        </Stack>
      )}
    </Stack>
  );
}
