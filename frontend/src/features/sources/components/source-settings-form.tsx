/** An administrator turns a source on or off and sets how far it is trusted and how its records are marked. */
import { Button, Checkbox, Field, Flex, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { tlpLabel } from '@/components/intel/tlp-badge';
import { toast } from '@/components/ui/toast';
import type { SourceOverview } from '@/features/sources/api/get-source-overview';
import { useUpdateSource, type SourceSettings } from '@/features/sources/api/update-source';
import { RELIABILITIES, RELIABILITY_LABELS, TLP_LEVELS } from '@/features/sources/utils/source-text';

export function SourceSettingsForm({ source }: { source: SourceOverview }) {
  const saved: SourceSettings = {
    id: source.id,
    enabled: source.enabled,
    reliability: source.reliability,
    defaultTlp: source.default_tlp,
  };
  const [draft, setDraft] = useState(saved);
  const update = useUpdateSource();
  const changed =
    draft.enabled !== saved.enabled ||
    draft.reliability !== saved.reliability ||
    draft.defaultTlp !== saved.defaultTlp;

  const save = async () => {
    try {
      await update.mutateAsync(draft);
      toast({
        title: 'Source updated',
        description: `${source.name}: the change is recorded in the security events.`,
      });
    } catch {
      // Shown below from update.error.
    }
  };

  return (
    <Stack
      as="form"
      gap="3"
      aria-label="Source settings"
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Checkbox.Root
        size="sm"
        checked={draft.enabled}
        onCheckedChange={(details) => setDraft({ ...draft, enabled: details.checked === true })}
      >
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>Enabled (scheduled syncs run)</Checkbox.Label>
      </Checkbox.Root>
      <Flex gap="3" wrap="wrap">
        <Field.Root width="auto">
          <Field.Label fontSize="sm">Reliability</Field.Label>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              value={draft.reliability}
              onChange={(event) =>
                setDraft({ ...draft, reliability: event.target.value as SourceSettings['reliability'] })
              }
            >
              {RELIABILITIES.map((letter) => (
                <option key={letter} value={letter}>
                  {letter} · {RELIABILITY_LABELS[letter]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root width="auto">
          <Field.Label fontSize="sm">Default TLP</Field.Label>
          <NativeSelect.Root size="sm" width="auto">
            <NativeSelect.Field
              value={draft.defaultTlp}
              onChange={(event) =>
                setDraft({ ...draft, defaultTlp: event.target.value as SourceSettings['defaultTlp'] })
              }
            >
              {TLP_LEVELS.map((tlp) => (
                <option key={tlp} value={tlp}>
                  {tlpLabel(tlp)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </Flex>
      <Text fontSize="xs" color="fg.muted">
        The default TLP marks records imported from now on that carry no marking of their own; records already
        kept keep theirs.
      </Text>
      <Flex gap="2">
        <Button size="sm" type="submit" disabled={!changed} loading={update.isPending}>
          Save changes
        </Button>
        {changed && (
          <Button size="sm" variant="ghost" onClick={() => setDraft(saved)}>
            Undo
          </Button>
        )}
      </Flex>
      {update.isError && (
        <Text role="alert" fontSize="sm" color="fg.error">
          The source was not changed: {update.error.message}
        </Text>
      )}
    </Stack>
  );
}
