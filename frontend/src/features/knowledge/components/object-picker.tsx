/**
 * Picks knowledge objects by name or alias (two characters or more): the matches are buttons, the
 * chosen ones are listed with a Remove button each. Names are shown as inert text.
 */
import { Button, Field, HStack, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { InertText } from '@/lib/security/inert-text';
import { useSearchIntelObjects, type FoundObject } from '@/features/knowledge/api/search-intel-objects';
import { kindName } from '@/features/knowledge/utils/object-kinds';

interface ObjectPickerProps {
  label: string;
  /** Only these STIX types (all when empty). */
  types: readonly string[];
  chosen: readonly FoundObject[];
  onChange: (next: FoundObject[]) => void;
  /** At most this many (1: picking replaces). */
  max?: number;
  exclude?: readonly string[];
}

export function ObjectPicker({ label, types, chosen, onChange, max = 50, exclude = [] }: ObjectPickerProps) {
  const [query, setQuery] = useState('');
  const found = useSearchIntelObjects(query, types);
  const taken = new Set([...exclude, ...chosen.map((object) => object.stix_id)]);
  const matches = (found.data ?? []).filter((object) => !taken.has(object.stix_id));
  const pick = (object: FoundObject) => {
    onChange(max === 1 ? [object] : [...chosen, object].slice(0, max));
    setQuery('');
  };
  return (
    <Stack gap="2">
      <Field.Root>
        <Field.Label>{label}</Field.Label>
        <Input
          value={query}
          placeholder="Type a name or alias"
          autoComplete="off"
          onChange={(event) => setQuery(event.target.value)}
        />
        <Field.HelperText>
          {query.trim().length < 2
            ? 'Two characters or more.'
            : found.isError
              ? `The search failed: ${found.error.message}`
              : matches.length === 0 && !found.isFetching
                ? 'Nothing you can read matches.'
                : `${matches.length} match${matches.length === 1 ? '' : 'es'}`}
        </Field.HelperText>
      </Field.Root>
      {query.trim().length >= 2 && matches.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" ps="0" aria-label={`Matches for ${label}`}>
          {matches.map((object) => (
            <li key={object.stix_id}>
              <Button size="xs" variant="ghost" onClick={() => pick(object)} justifyContent="flex-start">
                <InertText value={object.name ?? object.stix_id} defangLinks={false} />
                <Text as="span" color="fg.muted">
                  {kindName(object.type)}
                </Text>
              </Button>
            </li>
          ))}
        </Stack>
      )}
      {chosen.length > 0 && (
        <Stack as="ul" gap="1" listStyleType="none" ps="0" aria-label={`Chosen for ${label}`}>
          {chosen.map((object) => (
            <HStack as="li" key={object.stix_id} gap="2" fontSize="sm">
              <InertText value={object.name ?? object.stix_id} defangLinks={false} />
              <Text as="span" color="fg.muted">
                {kindName(object.type)}
              </Text>
              <Button
                size="2xs"
                variant="outline"
                aria-label={`Remove ${object.name ?? object.stix_id}`}
                onClick={() => onChange(chosen.filter((other) => other.stix_id !== object.stix_id))}
              >
                Remove
              </Button>
            </HStack>
          ))}
        </Stack>
      )}
    </Stack>
  );
}
