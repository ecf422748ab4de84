/**
 * Adds an entry to a list: how it matches, the value, and why it is benign here. What the server
 * stored is said afterwards, with its note when it normalised the value ("Host bits cleared: …").
 */
import { Button, Field, Flex, Input, NativeSelect, Stack, Text } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { LuPlus } from 'react-icons/lu';
import { MAX_REASON_LENGTH } from '@/components/ui/reason-dialog';
import { TYPE_NAMES } from '@/lib/intel/indicator-input';
import { inertString } from '@/lib/security/inert-text';
import { useAddExclusion, type AddedExclusion } from '@/features/exclusions/api/add-exclusion';
import {
  EXCLUSION_KINDS,
  KIND_LABELS,
  KIND_PLACEHOLDERS,
  type ExclusionDraft,
  type ExclusionKind,
} from '@/features/exclusions/utils/exclusion-kind';

interface AddExclusionFormProps {
  /** The list to add to; undefined until one is chosen (the submit waits for it). */
  listId: number | undefined;
  /** Prefilled from an alert: the indicator's value and what it is best excluded as. */
  initial?: ExclusionDraft & { reason?: string };
  alertId?: string;
  /** Shown above the fields (the list choice, in the alert's dialog). */
  children?: ReactNode;
  /** Shown beside the submit button (the dialog's "Not now"). */
  actions?: ReactNode;
  onAdded?: (added: AddedExclusion) => void;
}

const ADDED_AS: Record<ExclusionKind, string> = {
  value: 'as an exact value',
  cidr: 'as a network',
  domain: 'as a domain with its subdomains',
};

export function addedSummary(added: AddedExclusion): string {
  const stored = `${inertString(added.value)} added ${ADDED_AS[added.kind]}.`;
  return added.note ? `${stored} ${added.note}` : stored;
}

export function AddExclusionForm({
  listId,
  initial,
  alertId,
  children,
  actions,
  onAdded,
}: AddExclusionFormProps) {
  const [kind, setKind] = useState<ExclusionKind>(initial?.kind ?? 'value');
  const [value, setValue] = useState(initial?.value ?? '');
  const [reason, setReason] = useState(initial?.reason ?? '');
  const add = useAddExclusion();
  // The type holds only while the prefilled value is excluded exactly as it came.
  const indicatorType =
    kind === 'value' && initial?.indicatorType && value.trim() === initial.value
      ? initial.indicatorType
      : undefined;

  const submit = async () => {
    if (listId === undefined) return;
    try {
      const added = await add.mutateAsync({ listId, kind, value, reason, indicatorType, alertId });
      if (!initial) {
        setValue('');
        setReason('');
      }
      onAdded?.(added);
    } catch {
      // Shown below from add.error.
    }
  };

  return (
    <Stack
      as="form"
      gap="3"
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {children}
      <Flex gap="3" wrap="wrap" align="flex-start">
        <Field.Root width={{ base: 'full', sm: '14rem' }}>
          <Field.Label>Matches</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={kind}
              onChange={(event) => setKind(event.target.value as ExclusionKind)}
            >
              {EXCLUSION_KINDS.map((item) => (
                <option key={item} value={item}>
                  {KIND_LABELS[item]}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
        <Field.Root required flex="1" minWidth="14rem">
          <Field.Label>Value</Field.Label>
          <Input
            size="sm"
            value={value}
            placeholder={KIND_PLACEHOLDERS[kind]}
            maxLength={8192}
            autoComplete="off"
            spellCheck={false}
            data-indicator-input="true"
            onChange={(event) => setValue(event.target.value)}
          />
          {indicatorType && (
            <Field.HelperText>
              Only for {TYPE_NAMES[indicatorType] ?? indicatorType} indicators.
            </Field.HelperText>
          )}
        </Field.Root>
      </Flex>
      <Field.Root required>
        <Field.Label>Reason</Field.Label>
        <Input
          size="sm"
          value={reason}
          maxLength={MAX_REASON_LENGTH}
          placeholder="Why this is benign here (kept with your name)"
          onChange={(event) => setReason(event.target.value)}
        />
      </Field.Root>
      <Flex gap="2" justify="flex-end" wrap="wrap">
        {actions}
        <Button
          type="submit"
          size="sm"
          disabled={listId === undefined || !value.trim() || !reason.trim()}
          loading={add.isPending}
        >
          <LuPlus aria-hidden="true" />
          Add to the list
        </Button>
      </Flex>
      <Text role="status" aria-live="polite" fontSize="sm">
        {add.isSuccess ? addedSummary(add.data) : ''}
      </Text>
      {add.error && (
        <Text role="alert" color="fg.error" fontSize="sm">
          Not added: {add.error.message}
        </Text>
      )}
    </Stack>
  );
}
