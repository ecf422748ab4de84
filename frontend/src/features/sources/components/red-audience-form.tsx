/**
 * A source's sharing: who reads its TLP:RED reports (the groups cleared for RED that an
 * administrator ticks; nobody else does, administrators included; with none ticked its RED reports
 * are read by no one but the platform itself), and its PAP (PAP:AMBER and above never leave).
 */
import { Button, Checkbox, Field, Fieldset, Flex, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { PAP_LEVELS, PAP_MEANING, papLabel, type PapLevel } from '@/components/intel/pap-badge';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useRedAudience, useSetRedAudience, type RedAudience } from '@/features/sources/api/red-audience';

function AudienceChoice({ sourceId, audience }: { sourceId: string; audience: RedAudience }) {
  const [chosen, setChosen] = useState(audience.chosen);
  const [pap, setPap] = useState<PapLevel>(audience.pap);
  const save = useSetRedAudience();
  const changed = [...chosen].sort().join() !== [...audience.chosen].sort().join() || pap !== audience.pap;
  const submit = async () => {
    try {
      await save.mutateAsync({ sourceId, groupIds: chosen, pap });
      toast({ title: 'Sharing saved', description: 'The change is in the audit trail.' });
    } catch {
      // Shown below from save.error.
    }
  };
  return (
    <Fieldset.Root
      as="form"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      <Fieldset.Legend fontSize="sm">TLP:RED audience</Fieldset.Legend>
      <Fieldset.HelperText fontSize="xs">
        Members of these groups read this source&apos;s TLP:RED reports; nobody else does, administrators
        included.
      </Fieldset.HelperText>
      {audience.groups.length === 0 ? (
        <Text fontSize="sm" color="fg.muted">
          No group is cleared for TLP:RED yet: create one under User Management, Groups.
        </Text>
      ) : (
        <SimpleGrid columns={{ base: 1, md: 2 }} gap="1">
          {audience.groups.map((group) => (
            <Checkbox.Root
              key={group.id}
              size="sm"
              checked={chosen.includes(group.id)}
              onCheckedChange={(details) =>
                setChosen((list) =>
                  details.checked === true ? [...list, group.id] : list.filter((id) => id !== group.id),
                )
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>{group.name}</Checkbox.Label>
            </Checkbox.Root>
          ))}
        </SimpleGrid>
      )}
      <Field.Root width="auto" mt="2">
        <Field.Label fontSize="sm">PAP</Field.Label>
        <NativeSelect.Root size="sm" width="auto">
          <NativeSelect.Field value={pap} onChange={(event) => setPap(event.target.value as PapLevel)}>
            {PAP_LEVELS.map((level) => (
              <option key={level} value={level}>
                {papLabel(level)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText fontSize="xs">
          What may be done with its values: {PAP_MEANING[pap]}. It applies to every report of this source.
        </Field.HelperText>
      </Field.Root>
      <Flex gap="2">
        <Button size="sm" type="submit" disabled={!changed} loading={save.isPending}>
          Save sharing
        </Button>
      </Flex>
      {save.isError && (
        <Text role="alert" fontSize="sm" color="fg.error">
          The sharing was not changed: {save.error.message}
        </Text>
      )}
    </Fieldset.Root>
  );
}

export function RedAudienceForm({ sourceId }: { sourceId: string }) {
  const audience = useRedAudience(sourceId);
  if (audience.isPending) return <Text color="fg.muted">Loading the TLP:RED audience…</Text>;
  if (audience.isError) {
    return (
      <Text role="alert" color="fg.error">
        The TLP:RED audience could not be read: {audience.error.message}
      </Text>
    );
  }
  return (
    <AudienceChoice
      key={`${audience.data.chosen.join()}-${audience.data.pap}`}
      sourceId={sourceId}
      audience={audience.data}
    />
  );
}
