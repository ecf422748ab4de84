/**
 * Editing a case: title, severity, due date, marking (TLP with its RED audience, PAP) and the Markdown
 * description (stored as written). Only a changed marking is sent: the database checks it as at
 * opening (clearance, audience, the assignee still reads it).
 */
import { Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import type { PapLevel } from '@/components/intel/pap-badge';
import { PapField } from '@/components/intel/pap-field';
import { TlpFields } from '@/components/intel/tlp-fields';
import { FormDialog } from '@/components/ui/form-dialog';
import type { CaseRow } from '@/features/cases/api/list-cases';
import { useUpdateCase } from '@/features/cases/api/update-case';
import { CASE_SEVERITIES, type CaseSeverity } from '@/features/cases/schemas/case-filters';
import { useWritableTlp, type Tlp } from '@/lib/intel/clearance';

/** `datetime-local` works in local time; the server keeps UTC. */
const toLocalInput = (iso: string | null) => {
  if (!iso) return '';
  const date = new Date(iso);
  return new Date(date.getTime() - date.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
};

export function EditCaseDialog({ kase, onClose }: { kase: CaseRow; onClose: () => void }) {
  const update = useUpdateCase();
  const [title, setTitle] = useState(kase.title);
  const [severity, setSeverity] = useState<CaseSeverity>(kase.severity);
  const [due, setDue] = useState(toLocalInput(kase.due_at));
  const [description, setDescription] = useState(kase.description);
  const clearance = useWritableTlp();
  const [tlp, setTlp] = useState<Tlp>(kase.tlp);
  const [audience, setAudience] = useState<string[]>(kase.red_audience ?? []);
  const [pap, setPap] = useState<PapLevel>(kase.pap);
  // The case's own level stays offered even above what the analyst may write now.
  const levels = (clearance.data?.levels ?? []).includes(kase.tlp)
    ? (clearance.data?.levels ?? [])
    : [...(clearance.data?.levels ?? []), kase.tlp];
  const marked =
    tlp !== kase.tlp || audience.join() !== (kase.red_audience ?? []).join()
      ? { tlp, redAudience: tlp === 'red' ? audience : [] }
      : {};
  const dueAt = due ? new Date(due) : null;
  const valid =
    title.trim().length > 0 &&
    (dueAt === null || !Number.isNaN(dueAt.getTime())) &&
    (tlp !== 'red' || audience.length > 0);
  return (
    <FormDialog
      title="Edit the case"
      submitLabel="Save"
      canSubmit={valid}
      busy={update.isPending}
      error={update.error}
      onClose={onClose}
      onSubmit={() =>
        update.mutate(
          {
            caseId: kase.id,
            title: title.trim(),
            severity,
            description,
            dueAt: dueAt && due !== toLocalInput(kase.due_at) ? dueAt.toISOString() : undefined,
            ...marked,
            pap: pap !== kase.pap ? pap : undefined,
          },
          { onSuccess: onClose },
        )
      }
    >
      <Field.Root required>
        <Field.Label>Title</Field.Label>
        <Input value={title} maxLength={300} onChange={(event) => setTitle(event.target.value)} />
      </Field.Root>
      <Field.Root>
        <Field.Label>Severity</Field.Label>
        <NativeSelect.Root>
          <NativeSelect.Field
            value={severity}
            onChange={(event) => setSeverity(event.target.value as CaseSeverity)}
          >
            {CASE_SEVERITIES.map((s) => (
              <option key={s} value={s}>
                {s[0]!.toUpperCase() + s.slice(1)}
              </option>
            ))}
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <Field.Root>
        <Field.Label>Due</Field.Label>
        <Input type="datetime-local" value={due} onChange={(event) => setDue(event.target.value)} />
        <Field.HelperText>A due date left at the severity's target follows a new severity.</Field.HelperText>
      </Field.Root>
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
          rows={6}
          maxLength={100000}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field.Root>
    </FormDialog>
  );
}
