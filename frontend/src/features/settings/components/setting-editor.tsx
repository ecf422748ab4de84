/**
 * Inline edit of one setting: an input that fits its type, the page's check as you type, and the
 * server's answer (its validation message, or the saved value) after Save.
 */
import { Button, Field, Flex, Input, NativeSelect, Stack } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import type { Setting } from '@/features/settings/api/list-settings';
import { useUpdateSetting } from '@/features/settings/api/update-setting';
import { formatSettingValue, parseSettingDraft } from '@/features/settings/utils/setting-value';

function ValueInput({
  setting,
  draft,
  onChange,
}: {
  setting: Setting;
  draft: string;
  onChange: (draft: string) => void;
}) {
  if (setting.type === 'integer') {
    return (
      <Input
        size="sm"
        width="8rem"
        inputMode="numeric"
        value={draft}
        onChange={(event) => onChange(event.target.value)}
      />
    );
  }
  const options = setting.type === 'enum' ? (setting.allowed_values ?? []) : ['true', 'false'];
  return (
    <NativeSelect.Root size="sm" width="auto">
      <NativeSelect.Field value={draft} onChange={(event) => onChange(event.target.value)}>
        {options.map((option) => (
          <option key={option} value={option}>
            {setting.type === 'boolean' ? (option === 'true' ? 'On' : 'Off') : option}
          </option>
        ))}
      </NativeSelect.Field>
      <NativeSelect.Indicator />
    </NativeSelect.Root>
  );
}

export function SettingEditor({ setting, onDone }: { setting: Setting; onDone: () => void }) {
  const [draft, setDraft] = useState(String(setting.value));
  const update = useUpdateSetting();
  const parsed = parseSettingDraft(setting, draft);
  const problem = update.isError ? update.error.message : parsed.ok ? undefined : parsed.message;

  const save = async () => {
    if (!parsed.ok) return;
    try {
      await update.mutateAsync({ key: setting.key, value: parsed.value });
      toast({
        title: 'Setting saved',
        description: `${setting.label}: ${formatSettingValue({ ...setting, value: parsed.value })}. The change is in the audit trail.`,
      });
      onDone();
    } catch {
      // Shown below from update.error.
    }
  };

  return (
    <Stack
      as="form"
      gap="1"
      aria-label={`Edit ${setting.label}`}
      onSubmit={(event) => {
        event.preventDefault();
        void save();
      }}
    >
      <Field.Root invalid={problem !== undefined}>
        <Field.Label srOnly>{setting.label}</Field.Label>
        <Flex gap="2" align="center" wrap="wrap">
          <ValueInput
            setting={setting}
            draft={draft}
            onChange={(next) => {
              update.reset();
              setDraft(next);
            }}
          />
          <Button size="sm" type="submit" loading={update.isPending} disabled={!parsed.ok}>
            Save
          </Button>
          <Button size="sm" variant="ghost" onClick={onDone}>
            Cancel
          </Button>
        </Flex>
        {problem && <Field.ErrorText role="alert">{problem}</Field.ErrorText>}
      </Field.Root>
    </Stack>
  );
}
