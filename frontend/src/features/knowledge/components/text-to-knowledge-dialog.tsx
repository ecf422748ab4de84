/**
 * From text to knowledge: paste a report (at most 100,000 characters), read the draft the server
 * finds in it (indicators, and the known actors, malware, tools, campaigns and techniques it names),
 * keep what is right, and create it in one transaction: the new indicators, each linked by
 * `indicates` to the objects kept, and optionally a report covering them. The pasted text is never
 * rendered as markup. A PDF, HTML or text file may be uploaded instead of pasted: only its text is
 * kept (utils/document-text.ts), put in the same textarea for the analyst to read before the draft.
 */
import { Button, Checkbox, Field, Input, Stack, Table, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { FileChooser } from '@/components/ui/file-chooser';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/toast';
import { formatCount } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { TlpFields } from '@/components/intel/tlp-fields';
import { useWritableTlp } from '@/lib/intel/clearance';
import {
  draftFromText,
  MAX_TEXT_CHARS,
  useCreateFromText,
  type Draft,
} from '@/features/knowledge/api/text-to-knowledge';
import type { Tlp } from '@/features/knowledge/utils/authoring';
import { kindName } from '@/features/knowledge/utils/object-kinds';
import { documentText } from '@/features/knowledge/utils/document-text';

function Pick({
  label,
  checked,
  onChange,
}: {
  label: string;
  checked: boolean;
  onChange: (on: boolean) => void;
}) {
  return (
    <Checkbox.Root
      size="sm"
      checked={checked}
      onCheckedChange={(details) => onChange(details.checked === true)}
    >
      <Checkbox.HiddenInput aria-label={label} />
      <Checkbox.Control />
    </Checkbox.Root>
  );
}

const toggle = (set: Set<string>, key: string, on: boolean) => {
  const next = new Set(set);
  if (on) next.add(key);
  else next.delete(key);
  return next;
};

export function TextToKnowledgeDialog({ onClose }: { onClose: () => void }) {
  const clearance = useWritableTlp();
  const create = useCreateFromText();
  const [text, setText] = useState('');
  const [draft, setDraft] = useState<Draft | null>(null);
  const [reading, setReading] = useState(false);
  const [readError, setReadError] = useState<Error | null>(null);
  const [fileNote, setFileNote] = useState('');
  const [keptIndicators, setKeptIndicators] = useState<Set<string>>(new Set());
  const [keptEntities, setKeptEntities] = useState<Set<string>>(new Set());
  const [reportName, setReportName] = useState('');
  const [wantedTlp, setTlp] = useState<Tlp>('amber');
  const [audience, setAudience] = useState<string[]>([]);
  const levels = clearance.data?.levels ?? [];
  const tlp = levels.includes(wantedTlp) ? wantedTlp : (levels.at(-1) ?? 'clear');

  const read = async () => {
    setReading(true);
    setReadError(null);
    try {
      const found = await draftFromText(text);
      setDraft(found);
      setKeptIndicators(new Set(found.indicators.map((item) => `${item.type}:${item.value}`)));
      setKeptEntities(new Set(found.entities.map((item) => item.stix_id)));
    } catch (error) {
      setReadError(error as Error);
    } finally {
      setReading(false);
    }
  };

  const upload = async (file: File | undefined) => {
    if (!file) return;
    setReading(true);
    setReadError(null);
    setFileNote('');
    try {
      const read = await documentText(file, MAX_TEXT_CHARS);
      setText(read.text);
      setDraft(null);
      setFileNote(
        `Text of ${file.name} (${read.kind.toUpperCase()}, ${read.text.length.toLocaleString('en')} characters${read.truncated ? ', cut at the limit' : ''}). Check it, then read it.`,
      );
    } catch (error) {
      setReadError(error as Error);
    } finally {
      setReading(false);
    }
  };

  const submit = async () => {
    if (!draft) return;
    try {
      const done = await create.mutateAsync({
        indicators: draft.indicators.filter((item) => keptIndicators.has(`${item.type}:${item.value}`)),
        objectIds: [...keptEntities],
        tlp,
        redAudience: audience,
        reportName,
        description: text.slice(0, 200000),
      });
      toast({
        title: 'Knowledge added',
        description: `${formatCount(done.created, 'new indicator')}, ${formatCount(done.links, 'link')}${done.report ? ', one report' : ''}.`,
      });
      onClose();
    } catch {
      // Shown in the dialog.
    }
  };

  const chosen = keptIndicators.size + keptEntities.size;
  return (
    <FormDialog
      title="From text to knowledge"
      submitLabel={draft ? `Create (${chosen} chosen)` : 'Read the text'}
      canSubmit={draft ? chosen > 0 && (tlp !== 'red' || audience.length > 0) : text.trim() !== ''}
      busy={reading || create.isPending}
      error={create.error ?? readError}
      onSubmit={() => void (draft ? submit() : read())}
      onClose={onClose}
    >
      <Stack direction="row" align="center" gap="3" wrap="wrap">
        <FileChooser
          inputLabel="Report file (PDF, HTML or text)"
          accept=".pdf,.html,.htm,.txt,.md,application/pdf,text/html,text/plain"
          disabled={reading}
          onChoose={(file) => void upload(file)}
        >
          Upload a PDF or HTML report
        </FileChooser>
        {fileNote && (
          <Text fontSize="sm" color="fg.muted" role="status">
            {fileNote}
          </Text>
        )}
      </Stack>
      <Field.Root>
        <Field.Label>Report text</Field.Label>
        <Textarea
          data-raw-text="true"
          value={text}
          rows={draft ? 3 : 10}
          maxLength={MAX_TEXT_CHARS}
          placeholder="Paste the report: defanged values (hxxp, [.]) are read too."
          onChange={(event) => {
            setText(event.target.value);
            setDraft(null);
            setFileNote('');
          }}
        />
        <Field.HelperText>
          At most {MAX_TEXT_CHARS.toLocaleString('en')} characters; shown only as plain text.
        </Field.HelperText>
      </Field.Root>
      {draft && (
        <Stack gap="3" as="section" aria-label="Draft">
          <Text fontSize="sm">
            {formatCount(draft.indicators.length, 'indicator')} and{' '}
            {formatCount(draft.entities.length, 'known entity', 'known entities')} found
            {draft.skipped
              ? ` (${formatCount(draft.skipped, 'value')} left out: CVE ids or values not canonical)`
              : ''}
            .
          </Text>
          {draft.entities.length > 0 && (
            <Table.Root size="sm" variant="outline" aria-label="Known entities found">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader width="2.5rem">Keep</Table.ColumnHeader>
                  <Table.ColumnHeader>Entity</Table.ColumnHeader>
                  <Table.ColumnHeader>Named in the text as</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {draft.entities.map((entity) => (
                  <Table.Row key={entity.stix_id}>
                    <Table.Cell>
                      <Pick
                        label={`Keep ${entity.name ?? entity.stix_id}`}
                        checked={keptEntities.has(entity.stix_id)}
                        onChange={(on) => setKeptEntities((set) => toggle(set, entity.stix_id, on))}
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <InertText
                        value={`${entity.name ?? entity.stix_id} (${kindName(entity.type)})`}
                        defangLinks={false}
                      />
                    </Table.Cell>
                    <Table.Cell>
                      <InertText value={entity.matched ?? ''} defangLinks={false} />
                    </Table.Cell>
                  </Table.Row>
                ))}
              </Table.Body>
            </Table.Root>
          )}
          {draft.indicators.length > 0 && (
            <Table.Root size="sm" variant="outline" aria-label="Indicators found">
              <Table.Header>
                <Table.Row>
                  <Table.ColumnHeader width="2.5rem">Keep</Table.ColumnHeader>
                  <Table.ColumnHeader>Type</Table.ColumnHeader>
                  <Table.ColumnHeader>Value (canonical)</Table.ColumnHeader>
                </Table.Row>
              </Table.Header>
              <Table.Body>
                {draft.indicators.slice(0, 500).map((item) => {
                  const key = `${item.type}:${item.value}`;
                  return (
                    <Table.Row key={key}>
                      <Table.Cell>
                        <Pick
                          label={`Keep ${item.value}`}
                          checked={keptIndicators.has(key)}
                          onChange={(on) => setKeptIndicators((set) => toggle(set, key, on))}
                        />
                      </Table.Cell>
                      <Table.Cell>{item.type}</Table.Cell>
                      <Table.Cell>
                        <InertText value={item.value} as="code" />
                      </Table.Cell>
                    </Table.Row>
                  );
                })}
              </Table.Body>
            </Table.Root>
          )}
          <Field.Root>
            <Field.Label>Report to file it under (optional)</Field.Label>
            <Input
              value={reportName}
              maxLength={1000}
              onChange={(event) => setReportName(event.target.value)}
            />
            <Field.HelperText>
              With a name, a report covering what you keep is created, its body the text.
            </Field.HelperText>
          </Field.Root>
          <TlpFields
            levels={levels}
            tlp={tlp}
            onTlp={setTlp}
            redGroups={clearance.data?.redGroups ?? []}
            audience={audience}
            onAudience={setAudience}
          />
          <Button size="xs" variant="ghost" alignSelf="flex-start" onClick={() => setDraft(null)}>
            Read the text again
          </Button>
        </Stack>
      )}
    </FormDialog>
  );
}
