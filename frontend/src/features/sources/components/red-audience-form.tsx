/**
 * Who reads this source's TLP:RED reports: the groups cleared for RED that an administrator ticks.
 * Nobody else does, administrators included; with none ticked its RED reports are read by no one
 * but the platform itself.
 */
import { Button, Checkbox, Fieldset, Flex, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { useRedAudience, useSetRedAudience, type RedAudience } from '@/features/sources/api/red-audience';

function AudienceChoice({ sourceId, audience }: { sourceId: string; audience: RedAudience }) {
  const [chosen, setChosen] = useState(audience.chosen);
  const save = useSetRedAudience();
  const changed = [...chosen].sort().join() !== [...audience.chosen].sort().join();
  const submit = async () => {
    try {
      await save.mutateAsync({ sourceId, groupIds: chosen });
      toast({ title: 'TLP:RED audience saved', description: 'The change is in the audit trail.' });
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
      <Flex gap="2">
        <Button size="sm" type="submit" disabled={!changed} loading={save.isPending}>
          Save audience
        </Button>
      </Flex>
      {save.isError && (
        <Text role="alert" fontSize="sm" color="fg.error">
          The audience was not changed: {save.error.message}
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
  return <AudienceChoice key={audience.data.chosen.join()} sourceId={sourceId} audience={audience.data} />;
}
