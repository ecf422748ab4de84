/**
 * Create or edit an intrusion set, threat actor, malware, tool, campaign or report. The analyst gives
 * the typed fields; the database names the object and builds its STIX 2.1 form. A report's body is
 * Markdown, stored as typed and shown as inert text; it names the objects it covers.
 */
import { Field, Input, NativeSelect, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/toast';
import type { IntelObject } from '@/features/knowledge/api/get-intel-object';
import { useSaveIntelObject } from '@/features/knowledge/api/save-intel-object';
import type { FoundObject } from '@/features/knowledge/api/search-intel-objects';
import { TlpFields } from '@/components/intel/tlp-fields';
import { useWritableTlp } from '@/lib/intel/clearance';
import {
  AUTHORED_TYPES,
  parseAliases,
  type AuthoredType,
  type Tlp,
} from '@/features/knowledge/utils/authoring';
import { kindName } from '@/features/knowledge/utils/object-kinds';
import { ObjectPicker } from './object-picker';

interface IntelObjectDialogProps {
  /** The object to edit; a new one when absent. */
  object?: IntelObject;
  /** The covered objects of a report being edited, named. */
  covered?: FoundObject[];
  initialType?: AuthoredType;
  onClose: () => void;
  onSaved: (stixId: string) => void;
}

export function IntelObjectDialog({
  object,
  covered = [],
  initialType,
  onClose,
  onSaved,
}: IntelObjectDialogProps) {
  const clearance = useWritableTlp();
  const save = useSaveIntelObject();
  const [type, setType] = useState<AuthoredType>(
    (object?.type as AuthoredType | undefined) ?? initialType ?? 'intrusion-set',
  );
  const [name, setName] = useState(object?.name ?? '');
  const [aliases, setAliases] = useState(object?.aliases.join(', ') ?? '');
  const [description, setDescription] = useState(object?.description ?? '');
  const [wantedTlp, setTlp] = useState<Tlp>((object?.tlp as Tlp | undefined) ?? 'amber');
  const [audience, setAudience] = useState<string[]>(object?.red_audience ?? []);
  const [refs, setRefs] = useState<FoundObject[]>(covered);
  const levels = clearance.data?.levels ?? [];
  // AMBER unless the clearance stops below it.
  const tlp = levels.includes(wantedTlp) ? wantedTlp : (levels.at(-1) ?? 'clear');
  const isReport = type === 'report';
  const ready =
    name.trim() !== '' &&
    levels.length > 0 &&
    (tlp !== 'red' || audience.length > 0) &&
    (!isReport || refs.length > 0);

  const submit = async () => {
    const fields = {
      name: name.trim(),
      aliases: isReport ? [] : parseAliases(aliases, name),
      description,
      tlp,
      red_audience: tlp === 'red' ? audience : [],
      object_refs: isReport ? refs.map((ref) => ref.stix_id) : [],
    };
    try {
      const stixId = await save.mutateAsync(
        object ? { kind: 'edit', stixId: object.stix_id, fields } : { kind: 'create', type, fields },
      );
      toast({ title: object ? 'Saved' : `${kindName(type)} added`, description: fields.name });
      onSaved(stixId);
    } catch {
      // Shown in the dialog (save.error).
    }
  };

  return (
    <FormDialog
      title={object ? `Edit ${kindName(type).toLowerCase()}` : 'New knowledge object'}
      submitLabel={object ? 'Save' : 'Create'}
      canSubmit={ready}
      busy={save.isPending}
      error={save.error ?? (clearance.isError ? clearance.error : null)}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      {!object && (
        <Field.Root>
          <Field.Label>Type</Field.Label>
          <NativeSelect.Root size="sm">
            <NativeSelect.Field
              value={type}
              onChange={(event) => setType(event.target.value as AuthoredType)}
            >
              {AUTHORED_TYPES.map((item) => (
                <option key={item} value={item}>
                  {kindName(item)}
                </option>
              ))}
            </NativeSelect.Field>
            <NativeSelect.Indicator />
          </NativeSelect.Root>
        </Field.Root>
      )}
      <Field.Root required>
        <Field.Label>Name</Field.Label>
        <Input
          data-raw-text="true"
          value={name}
          maxLength={1000}
          onChange={(event) => setName(event.target.value)}
        />
      </Field.Root>
      {!isReport && (
        <Field.Root>
          <Field.Label>Aliases</Field.Label>
          <Input data-raw-text="true" value={aliases} onChange={(event) => setAliases(event.target.value)} />
          <Field.HelperText>Separated by commas.</Field.HelperText>
        </Field.Root>
      )}
      <Field.Root>
        <Field.Label>{isReport ? 'Body (Markdown)' : 'Description (Markdown)'}</Field.Label>
        <Textarea
          data-raw-text="true"
          value={description}
          rows={isReport ? 8 : 4}
          maxLength={200000}
          onChange={(event) => setDescription(event.target.value)}
        />
        <Field.HelperText>
          Stored as typed and shown as plain text: links and images are never loaded.
        </Field.HelperText>
      </Field.Root>
      {isReport && <ObjectPicker label="Objects it covers" types={[]} chosen={refs} onChange={setRefs} />}
      <TlpFields
        levels={levels}
        tlp={tlp}
        onTlp={setTlp}
        redGroups={clearance.data?.redGroups ?? []}
        audience={audience}
        onAudience={setAudience}
      />
    </FormDialog>
  );
}
