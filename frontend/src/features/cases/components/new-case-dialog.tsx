/**
 * Opening a case: title, kind, severity (by default the worst of its alerts'), TLP (up to the
 * analyst's clearance; RED with its audience), PAP and a Markdown description (stored as written,
 * shown inert). From the Hub it carries the selected alerts.
 */
import { Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { PapLevel } from '@/components/intel/pap-badge';
import { PapField } from '@/components/intel/pap-field';
import { TlpFields } from '@/components/intel/tlp-fields';
import { FormDialog } from '@/components/ui/form-dialog';
import { useCreateCase } from '@/features/cases/api/create-case';
import {
  CASE_KINDS,
  CASE_SEVERITIES,
  KIND_LABELS,
  type CaseKind,
  type CaseSeverity,
} from '@/features/cases/schemas/case-filters';
import { useWritableTlp, type Tlp } from '@/lib/intel/clearance';

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
  const clearance = useWritableTlp();
  const levels = clearance.data?.levels ?? [];
  const [wantedTlp, setTlp] = useState<Tlp>('amber');
  const tlp = levels.includes(wantedTlp) ? wantedTlp : (levels.at(-1) ?? 'clear');
  const [audience, setAudience] = useState<string[]>([]);
  const [pap, setPap] = useState<PapLevel>('clear');
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
        redAudience: tlp === 'red' ? audience : [],
        pap,
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
      canSubmit={
        title.trim().length > 0 && title.trim().length <= 300 && (tlp !== 'red' || audience.length > 0)
      }
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
      <TlpFields
        levels={levels}
        tlp={tlp}
        onTlp={setTlp}
        redGroups={clearance.data?.redGroups ?? []}
        audience={audience}
        onAudience={setAudience}
      />
      <PapField value={pap} onChange={setPap} />
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
