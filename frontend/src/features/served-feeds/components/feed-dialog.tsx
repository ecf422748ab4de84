/**
 * Create a feed, or change an existing feed's selection (administrators). The defaults are those
 * of exports for controls: TLP:AMBER ceiling, every type the format carries, any source; revoked,
 * expired, decayed and listed values are always left out. The server checks everything again.
 */
import { Checkbox, Field, Fieldset, Input, NativeSelect, SimpleGrid, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { tlpLabel } from '@/components/intel/tlp-badge';
import type { ServedFeed } from '@/features/served-feeds/api/list-served-feeds';
import { useSaveServedFeed, type FeedToken } from '@/features/served-feeds/api/save-served-feed';
import { useSourceNames } from '@/features/served-feeds/api/get-source-names';
import {
  DEFAULT_SELECTION,
  FEED_FORMATS,
  FEED_TLP_LEVELS,
  FEED_TYPES,
  type FeedSelection,
} from '@/features/served-feeds/utils/feed-selection';

interface FeedDialogProps {
  /** The feed to change; undefined for a new one. */
  feed?: ServedFeed;
  onClose: () => void;
  /** A new feed's token (null after a change). */
  onSaved: (created: FeedToken | null) => void;
}

const toggle = (list: string[], item: string, on: boolean) =>
  on ? [...new Set([...list, item])] : list.filter((x) => x !== item);

function CheckList({
  label,
  help,
  items,
  chosen,
  onChange,
  wide = false,
}: {
  wide?: boolean;
  label: string;
  help: string;
  items: readonly string[];
  chosen: string[];
  onChange: (next: string[]) => void;
}) {
  return (
    // A fieldset, not a Field: a Field gives every control inside it the same id, so each label
    // would tick the first box.
    <Fieldset.Root>
      <Fieldset.Legend>{label}</Fieldset.Legend>
      <SimpleGrid columns={wide ? { base: 1, md: 2 } : { base: 2, md: 4 }} gap="1" width="full">
        {items.map((item) => (
          <Checkbox.Root
            key={item}
            size="sm"
            checked={chosen.includes(item)}
            onCheckedChange={(details) => onChange(toggle(chosen, item, details.checked === true))}
          >
            <Checkbox.HiddenInput />
            <Checkbox.Control />
            <Checkbox.Label>{item}</Checkbox.Label>
          </Checkbox.Root>
        ))}
      </SimpleGrid>
      <Fieldset.HelperText>{help}</Fieldset.HelperText>
    </Fieldset.Root>
  );
}

export function FeedDialog({ feed, onClose, onSaved }: FeedDialogProps) {
  const [name, setName] = useState(feed?.name ?? '');
  const [format, setFormat] = useState<string>(feed?.format ?? 'zeek-intel');
  const [selection, setSelection] = useState<FeedSelection>(
    feed
      ? {
          minScore: feed.min_score,
          maxTlp: feed.max_tlp,
          types: feed.types ?? [],
          sources: feed.sources ?? [],
        }
      : DEFAULT_SELECTION,
  );
  const sources = useSourceNames();
  const save = useSaveServedFeed();
  const set = (patch: Partial<FeedSelection>) => setSelection((s) => ({ ...s, ...patch }));
  const submit = async () => {
    try {
      onSaved(await save.mutateAsync({ id: feed?.id, name, format, ...selection }));
    } catch {
      // Shown in the dialog from save.error.
    }
  };
  return (
    <FormDialog
      title={feed ? `Filters of “${feed.name}”` : 'New feed for sensors'}
      submitLabel={feed ? 'Save filters' : 'Create feed'}
      canSubmit={Boolean(name.trim())}
      busy={save.isPending}
      error={save.error}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <SimpleGrid columns={{ base: 1, md: 2 }} gap="3">
        <Field.Root required disabled={Boolean(feed)}>
          <Field.Label>Name</Field.Label>
          <Input value={name} maxLength={100} onChange={(event) => setName(event.target.value)} />
        </Field.Root>
        <Field.Root required disabled={Boolean(feed)}>
          <Field.Label>Format</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field value={format} onChange={(event) => setFormat(event.target.value)}>
              {FEED_FORMATS.map((f) => (
                <option key={f.value} value={f.value}>
                  {f.label}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root>
          <Field.Label>TLP ceiling</Field.Label>
          <NativeSelect.Root>
            <NativeSelect.Field
              value={selection.maxTlp}
              onChange={(event) => set({ maxTlp: event.target.value })}
            >
              {FEED_TLP_LEVELS.map((tlp) => (
                <option key={tlp} value={tlp}>
                  {tlpLabel(tlp)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
          <Field.HelperText>Nothing above it is ever served; a sensor cannot ask for more.</Field.HelperText>
        </Field.Root>
        <Field.Root>
          <Field.Label>Minimum score</Field.Label>
          <Input
            type="number"
            min={0}
            max={100}
            value={selection.minScore}
            onChange={(event) =>
              set({ minScore: Math.max(0, Math.min(100, Number(event.target.value) || 0)) })
            }
          />
        </Field.Root>
      </SimpleGrid>
      <CheckList
        label="Types"
        help="None ticked: every type the format carries."
        items={FEED_TYPES}
        chosen={selection.types}
        onChange={(types) => set({ types })}
      />
      <CheckList
        wide
        label="Sources"
        help="None ticked: values from any source."
        items={sources.data ?? []}
        chosen={selection.sources}
        onChange={(list) => set({ sources: list })}
      />
      <Text fontSize="sm" color="fg.muted">
        Revoked, expired, decayed and warninglisted or excluded values are always left out.
      </Text>
    </FormDialog>
  );
}
