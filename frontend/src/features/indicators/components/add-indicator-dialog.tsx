/**
 * Add an indicator by hand. Defanged input is welcome (hxxp, [.]): the dialog shows the canonical value
 * that will be stored before the analyst commits, and the database checks it again.
 */
import { Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { tlpLabel } from '@/components/intel/tlp-badge';
import {
  canonicalIndicator,
  INDICATOR_TYPES,
  readIndicator,
  TYPE_NAMES,
  type IndicatorType,
} from '@/lib/intel/indicator-input';
import { InertText } from '@/lib/security/inert-text';
import { useCreateIndicator, type NewIndicator } from '@/features/indicators/api/create-indicator';
import type { TLP_LEVELS } from '@/features/indicators/schemas/indicator-filters';
import { RedAudienceChoice } from '@/components/intel/red-audience-choice';

interface AddIndicatorDialogProps {
  open: boolean;
  onClose: () => void;
  onAdded: (id: number) => void;
  /** The levels this user may write (the server refuses the others). */
  tlpLevels: readonly (typeof TLP_LEVELS)[number][];
  /** The user's groups cleared for RED, one of which a RED indicator names as its audience. */
  redGroups: readonly { id: string; name: string }[];
}

export function AddIndicatorDialog({
  open,
  onClose,
  onAdded,
  tlpLevels,
  redGroups,
}: AddIndicatorDialogProps) {
  const [raw, setRaw] = useState('');
  const [type, setType] = useState<IndicatorType | 'detect'>('detect');
  const [confidence, setConfidence] = useState('75');
  const [wantedTlp, setTlp] = useState<NewIndicator['tlp']>('amber');
  // AMBER unless the user's clearance stops below it.
  const tlp = tlpLevels.includes(wantedTlp) ? wantedTlp : (tlpLevels.at(-1) ?? 'clear');
  const [audience, setAudience] = useState<string[]>([]);
  const [description, setDescription] = useState('');
  const create = useCreateIndicator();

  const read =
    raw.trim() === '' ? null : type === 'detect' ? readIndicator(raw) : canonicalIndicator(type, raw);
  const confidenceValue = Number(confidence);
  const confidenceOk =
    confidence !== '' && Number.isInteger(confidenceValue) && confidenceValue >= 0 && confidenceValue <= 100;
  const ready =
    read?.ok === true &&
    confidenceOk &&
    tlpLevels.length > 0 &&
    (tlp !== 'red' || audience.length > 0) &&
    !create.isPending;

  const close = () => {
    setRaw('');
    setDescription('');
    create.reset();
    onClose();
  };
  const submit = async () => {
    if (!read?.ok) return;
    try {
      const id = await create.mutateAsync({
        type: read.type,
        value: read.value,
        confidence: confidenceValue,
        tlp,
        description,
        red_audience: tlp === 'red' ? audience : [],
      });
      toast({ title: 'Indicator added', description: `${TYPE_NAMES[read.type]} stored as it is shown.` });
      onAdded(id);
      close();
    } catch {
      // The message is shown in the dialog (create.error).
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            as="form"
            onSubmit={(event) => {
              event.preventDefault();
              void submit();
            }}
          >
            <Dialog.Header>
              <Dialog.Title>Add an indicator</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              <Stack gap="4">
                <Field.Root required invalid={read?.ok === false}>
                  <Field.Label>Value</Field.Label>
                  <Input
                    data-indicator-input="true"
                    value={raw}
                    placeholder="hxxps://login-example[.]com/verify"
                    onChange={(event) => setRaw(event.target.value)}
                    autoComplete="off"
                  />
                  {read?.ok === false ? (
                    <Field.ErrorText>
                      {read.reason}
                      {/* Free text (file names, user agents…) has no shape to detect it by. */}
                      {type === 'detect' && ' For a file name, user agent or other text, choose its type.'}
                    </Field.ErrorText>
                  ) : read?.ok ? (
                    <Field.HelperText>
                      Stored as {TYPE_NAMES[read.type]}: <InertText value={read.value} as="code" />
                    </Field.HelperText>
                  ) : (
                    <Field.HelperText>Defanged values are read as the importers read them.</Field.HelperText>
                  )}
                </Field.Root>
                <Field.Root>
                  <Field.Label>Type</Field.Label>
                  <NativeSelect.Root size="sm">
                    <NativeSelect.Field
                      value={type}
                      onChange={(event) => setType(event.target.value as IndicatorType | 'detect')}
                    >
                      <option value="detect">Detect from the value</option>
                      {INDICATOR_TYPES.map((item) => (
                        <option key={item} value={item}>
                          {TYPE_NAMES[item]}
                        </option>
                      ))}
                    </NativeSelect.Field>
                    <NativeSelect.Indicator />
                  </NativeSelect.Root>
                </Field.Root>
                <Stack direction="row" gap="4">
                  <Field.Root invalid={!confidenceOk}>
                    <Field.Label>Confidence (0–100)</Field.Label>
                    <Input
                      type="number"
                      min={0}
                      max={100}
                      value={confidence}
                      onChange={(event) => setConfidence(event.target.value)}
                    />
                    <Field.ErrorText>Enter a whole number from 0 to 100.</Field.ErrorText>
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>TLP</Field.Label>
                    <NativeSelect.Root size="sm">
                      <NativeSelect.Field
                        value={tlp}
                        onChange={(event) => setTlp(event.target.value as NewIndicator['tlp'])}
                      >
                        {tlpLevels.map((level) => (
                          <option key={level} value={level}>
                            {tlpLabel(level)}
                          </option>
                        ))}
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                </Stack>
                {tlp === 'red' && (
                  <RedAudienceChoice groups={redGroups} chosen={audience} onChange={setAudience} />
                )}
                <Field.Root>
                  <Field.Label>Context (optional)</Field.Label>
                  <Textarea
                    value={description}
                    maxLength={10000}
                    onChange={(event) => setDescription(event.target.value)}
                  />
                </Field.Root>
                {create.error && (
                  <Text role="alert" color="fg.error">
                    {create.error.message}
                  </Text>
                )}
              </Stack>
            </Dialog.Body>
            <Dialog.Footer>
              <Button variant="outline" onClick={close}>
                Cancel
              </Button>
              <Button type="submit" disabled={!ready} loading={create.isPending}>
                Add indicator
              </Button>
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
