/** Add a channel or change one (administrators). The server checks the address, URL and secret again. */
import { Checkbox, Field, Input, NativeSelect, SimpleGrid, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { tlpLabel } from '@/components/intel/tlp-badge';
import type { NotificationChannel } from '@/features/notifications/api/list-notification-channels';
import {
  useSaveNotificationChannel,
  type ChannelSecret,
  type SaveChannelInput,
} from '@/features/notifications/api/save-notification-channel';
import { CHANNEL_KINDS, CHANNEL_TLPS } from '@/features/notifications/utils/labels';

interface ChannelDialogProps {
  channel?: NotificationChannel;
  onClose: () => void;
  /** A generated secret, to show once (null when none was generated). */
  onSaved: (secret: ChannelSecret | null) => void;
}

export function ChannelDialog({ channel, onClose, onSaved }: ChannelDialogProps) {
  const [form, setForm] = useState<SaveChannelInput>({
    id: channel?.id,
    name: channel?.name ?? '',
    kind: channel?.kind ?? 'webhook',
    target: channel?.target ?? '',
    maxTlp: channel?.max_tlp ?? 'amber',
    enabled: channel?.enabled ?? true,
    secret: '',
    newSecret: false,
  });
  const save = useSaveNotificationChannel();
  const set = (patch: Partial<SaveChannelInput>) => setForm((f) => ({ ...f, ...patch }));
  const kind = CHANNEL_KINDS.find((k) => k.value === form.kind)!;
  const submit = async () => {
    try {
      onSaved(await save.mutateAsync(form));
    } catch {
      // Shown in the dialog from save.error.
    }
  };
  return (
    <FormDialog
      title={channel ? `Channel “${channel.name}”` : 'New notification channel'}
      submitLabel={channel ? 'Save channel' : 'Add channel'}
      canSubmit={Boolean(form.name.trim() && form.target.trim())}
      busy={save.isPending}
      error={save.error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Field.Root required>
          <Field.Label>Name</Field.Label>
          <Input value={form.name} maxLength={200} onChange={(e) => set({ name: e.target.value })} />
        </Field.Root>
        <Field.Root required disabled={Boolean(channel)}>
          <Field.Label>Kind</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={form.kind}
              onChange={(e) => set({ kind: e.target.value as SaveChannelInput['kind'] })}
            >
              {CHANNEL_KINDS.map((k) => (
                <option key={k.value} value={k.value}>
                  {k.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      </SimpleGrid>
      <Field.Root required>
        <Field.Label>{form.kind === 'email' ? 'E-mail address' : 'URL'}</Field.Label>
        <Input
          value={form.target}
          maxLength={2048}
          placeholder={kind.target}
          onChange={(e) => set({ target: e.target.value })}
        />
        <Field.HelperText>
          {form.kind === 'email'
            ? 'Mail goes through the SMTP server of the installation (or the local mail catcher).'
            : 'http:// or https:// only; redirects are never followed.'}
        </Field.HelperText>
      </Field.Root>
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Field.Root>
          <Field.Label>TLP ceiling</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={form.maxTlp}
              onChange={(e) => set({ maxTlp: e.target.value as SaveChannelInput['maxTlp'] })}
            >
              {CHANNEL_TLPS.map((tlp) => (
                <option key={tlp} value={tlp}>
                  {tlpLabel(tlp)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>Events marked above it are recorded as skipped, never sent.</Field.HelperText>
        </Field.Root>
        {form.kind === 'webhook' && !channel && (
          <Field.Root>
            <Field.Label>Signing secret</Field.Label>
            <Input
              value={form.secret}
              placeholder="whsec_… (empty: generate one)"
              autoComplete="off"
              onChange={(e) => set({ secret: e.target.value })}
            />
            <Field.HelperText>Shown once when generated; never readable afterwards.</Field.HelperText>
          </Field.Root>
        )}
      </SimpleGrid>
      {channel && (
        <Stack gap="2">
          <Checkbox.Root checked={form.enabled} onCheckedChange={(d) => set({ enabled: d.checked === true })}>
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>Enabled</Checkbox.Label>
          </Checkbox.Root>
          {channel.kind === 'webhook' && (
            <Checkbox.Root
              checked={form.newSecret}
              onCheckedChange={(d) => set({ newSecret: d.checked === true })}
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>New secret (the receiver needs it before the next message)</Checkbox.Label>
            </Checkbox.Root>
          )}
        </Stack>
      )}
    </FormDialog>
  );
}
