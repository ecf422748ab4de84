/** Add a rule: which events, from which severity, to which channels (administrators). */
import { Checkbox, Field, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import type { NotificationChannel } from '@/features/notifications/api/list-notification-channels';
import {
  useCreateNotificationRule,
  type CreateRuleInput,
} from '@/features/notifications/api/create-notification-rule';
import { DIGESTS, EVENT_KINDS, SEVERITIES, kindLabel } from '@/features/notifications/utils/labels';

export function RuleDialog({
  channels,
  onClose,
  onSaved,
}: {
  channels: NotificationChannel[];
  onClose: () => void;
  onSaved: () => void;
}) {
  const [form, setForm] = useState<CreateRuleInput>({
    name: '',
    eventKind: 'alert',
    minSeverity: 'high',
    digest: 'none',
    channelIds: [],
  });
  const create = useCreateNotificationRule();
  const set = (patch: Partial<CreateRuleInput>) => setForm((f) => ({ ...f, ...patch }));
  const severityApplies = form.eventKind !== 'import_failed';
  const submit = async () => {
    try {
      await create.mutateAsync(form);
      onSaved();
    } catch {
      // Shown in the dialog from create.error.
    }
  };
  return (
    <FormDialog
      title={'New notification rule'}
      submitLabel={'Add rule'}
      canSubmit={Boolean(form.name.trim()) && form.channelIds.length > 0}
      busy={create.isPending}
      error={create.error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Field.Root required>
        <Field.Label>Name</Field.Label>
        <Input
          value={form.name}
          maxLength={200}
          placeholder="High alerts to the SOC"
          onChange={(e) => set({ name: e.target.value })}
        />
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Field.Root>
          <Field.Label>Event</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={form.eventKind}
              onChange={(e) => set({ eventKind: e.target.value as CreateRuleInput['eventKind'] })}
            >
              {EVENT_KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root disabled={!severityApplies}>
          <Field.Label>From severity</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={form.minSeverity}
              onChange={(e) => set({ minSeverity: e.target.value as CreateRuleInput['minSeverity'] })}
            >
              {SEVERITIES.map((s) => (
                <option key={s} value={s}>
                  {s}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Field.Root>
        <Field.Label>Delivery</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={form.digest}
            onChange={(e) => set({ digest: e.target.value as CreateRuleInput['digest'] })}
          >
            {DIGESTS.map((d) => (
              <option key={d.value} value={d.value}>
                {d.label}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
        <Field.HelperText>
          A digest is one message per channel and period, at the digest hour of the settings (UTC).
        </Field.HelperText>
      </Field.Root>
      <Field.Root required>
        <Field.Label>Channels</Field.Label>
        <Stack gap="1" role="group" aria-label="Channels">
          {channels.map((c) => (
            <Checkbox.Root
              key={c.id}
              size="sm"
              checked={form.channelIds.includes(c.id)}
              onCheckedChange={(d) =>
                set({
                  channelIds: d.checked
                    ? [...form.channelIds, c.id]
                    : form.channelIds.filter((id) => id !== c.id),
                })
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                {c.name} ({kindLabel(c.kind)})
              </Checkbox.Label>
            </Checkbox.Root>
          ))}
        </Stack>
        {channels.length === 0 && <Field.HelperText>Add a channel first.</Field.HelperText>}
      </Field.Root>
    </FormDialog>
  );
}
