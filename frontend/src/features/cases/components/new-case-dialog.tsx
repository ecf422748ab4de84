/**
 * Opening a case: title, kind, severity (by default the worst of its alerts'), TLP and a Markdown
 * description (stored as written, shown inert). From the Hub it carries the selected alerts.
 */
import { Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { useCreateCase } from '@/features/cases/api/create-case';
import {
  CASE_KINDS,
  CASE_SEVERITIES,
  KIND_LABELS,
  type CaseKind,
  type CaseSeverity,
} from '@/features/cases/schemas/case-filters';

const TLPS = ['clear', 'green', 'amber', 'amber+strict'] as const;

export interface NewCaseDialogProps {
  alertIds?: readonly string[];
  initialKind?: CaseKind;
  initialTitle?: string;
  onClose: () => void;
  onCreated: (caseId: string) => void;
}

function Select({
  label,
  value,
  onChange,
  options,
}: {
  label: string;
  value: string;
  onChange: (value: string) => void;
  options: readonly (readonly [string, string])[];
}) {
  return (
    <Field.Root>
      <Field.Label>{label}</Field.Label>
      <NativeSelect.Root>
        <NativeSelect.Field value={value} onChange={(event) => onChange(event.target.value)}>
          {options.map(([v, text]) => (
            <option key={v} value={v}>
              {text}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
    </Field.Root>
  );
}

export function NewCaseDialog({
  alertIds = [],
  initialKind = 'incident',
  initialTitle = '',
  onClose,
  onCreated,
}: NewCaseDialogProps) {
  const create = useCreateCase();
  const [title, setTitle] = useState(initialTitle);
  const [kind, setKind] = useState<CaseKind>(initialKind);
  const [severity, setSeverity] = useState<CaseSeverity | ''>('');
  const [tlp, setTlp] = useState('amber');
  const [description, setDescription] = useState('');
  const submit = () =>
    create.mutate(
      {
        title: title.trim(),
        kind,
        alertIds: [...alertIds],
        severity: severity || undefined,
        description,
        tlp,
        redAudience: [],
      },
      { onSuccess: onCreated },
    );
  return (
    <FormDialog
      title={
        alertIds.length
          ? `Open a case with ${alertIds.length} ${alertIds.length === 1 ? 'alert' : 'alerts'}`
          : 'Open a case'
      }
      submitLabel="Open the case"
      canSubmit={title.trim().length > 0 && title.trim().length <= 300}
      busy={create.isPending}
      error={create.error}
      onSubmit={submit}
      onClose={onClose}
    >
      <Field.Root required>
        <Field.Label>Title</Field.Label>
        <Input value={title} maxLength={300} onChange={(event) => setTitle(event.target.value)} autoFocus />
      </Field.Root>
      <Select
        label="Kind"
        value={kind}
        onChange={(v) => setKind(v as CaseKind)}
        options={CASE_KINDS.map((k) => [k, KIND_LABELS[k]] as const)}
      />
      <Select
        label="Severity"
        value={severity}
        onChange={(v) => setSeverity(v as CaseSeverity | '')}
        options={[
          ['', alertIds.length ? 'As severe as its worst alert' : 'Medium'],
          ...CASE_SEVERITIES.map((s) => [s, s[0]!.toUpperCase() + s.slice(1)] as const),
        ]}
      />
      <Select
        label="TLP"
        value={tlp}
        onChange={setTlp}
        options={TLPS.map((t) => [t, `TLP:${t.toUpperCase()}`] as const)}
      />
      <Field.Root>
        <Field.Label>Description (Markdown, shown as written)</Field.Label>
        <Textarea
          data-raw-text="true"
          value={description}
          rows={5}
          maxLength={100000}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field.Root>
    </FormDialog>
  );
}
