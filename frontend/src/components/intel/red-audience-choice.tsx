/**
 * The TLP:RED audience of a row made by hand (an indicator, a knowledge object, a relationship): the
 * groups cleared for RED the author belongs to; at least one is required (the database refuses a RED
 * row without an audience, in words).
 */
import { Checkbox, Fieldset, SimpleGrid } from '@chakra-ui/react';

interface RedAudienceChoiceProps {
  groups: readonly { id: string; name: string }[];
  chosen: readonly string[];
  onChange: (next: string[]) => void;
}

export function RedAudienceChoice({ groups, chosen, onChange }: RedAudienceChoiceProps) {
  return (
    <Fieldset.Root invalid={chosen.length === 0}>
      <Fieldset.Legend>TLP:RED audience</Fieldset.Legend>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="1">
        {groups.map((group) => (
          <Checkbox.Root
            key={group.id}
            size="sm"
            checked={chosen.includes(group.id)}
            onCheckedChange={(details) =>
              onChange(
                details.checked === true ? [...chosen, group.id] : chosen.filter((id) => id !== group.id),
              )
            }
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{group.name}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
      <Fieldset.HelperText>
        Only members of these groups will read it, administrators included.
      </Fieldset.HelperText>
      <Fieldset.ErrorText>Choose at least one group.</Fieldset.ErrorText>
    </Fieldset.Root>
  );
}
