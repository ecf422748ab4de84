/**
 * Relate the open object to another the analyst reads: the types offered are those STIX 2.1 allows
 * for the pair (in either direction the analyst chooses); the database checks them again.
 */
import { Field, NativeSelect, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/toast';
import { useCreateRelationship } from '@/features/knowledge/api/create-relationship';
import type { FoundObject } from '@/features/knowledge/api/search-intel-objects';
import { useRelationshipRules } from '@/features/knowledge/api/relationship-rules';
import { TlpFields } from '@/components/intel/tlp-fields';
import { useWritableTlp } from '@/lib/intel/clearance';
import { allowedRelationshipTypes, type Tlp } from '@/features/knowledge/utils/authoring';
import { ObjectPicker } from './object-picker';
import { RelationshipTypeField } from './relationship-type-field';

interface RelationshipDialogProps {
  object: { stix_id: string; type: string; name: string | null };
  onClose: () => void;
}

export function RelationshipDialog({ object, onClose }: RelationshipDialogProps) {
  const rules = useRelationshipRules();
  const clearance = useWritableTlp();
  const create = useCreateRelationship();
  const [other, setOther] = useState<FoundObject[]>([]);
  const [outgoing, setOutgoing] = useState(true);
  const [chosenType, setType] = useState('');
  const [description, setDescription] = useState('');
  const [wantedTlp, setTlp] = useState<Tlp>('amber');
  const [audience, setAudience] = useState<string[]>([]);
  const target = other[0];
  const [source, dest] = outgoing ? [object, target] : [target, object];
  const types = source && dest ? allowedRelationshipTypes(rules.data ?? [], source.type, dest.type) : [];
  const type = types.includes(chosenType) ? chosenType : (types[0] ?? '');
  const levels = clearance.data?.levels ?? [];
  const tlp = levels.includes(wantedTlp) ? wantedTlp : (levels.at(-1) ?? 'clear');
  const ready = Boolean(source && dest && type) && (tlp !== 'red' || audience.length > 0);

  const submit = async () => {
    if (!source || !dest) return;
    try {
      await create.mutateAsync({
        source_ref: source.stix_id,
        target_ref: dest.stix_id,
        relationship_type: type,
        description,
        tlp,
        red_audience: tlp === 'red' ? audience : [],
      });
      toast({ title: 'Relationship added', description: `${source.name ?? ''} ${type} ${dest.name ?? ''}` });
      onClose();
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <FormDialog
      title="Add a relationship"
      submitLabel="Add relationship"
      canSubmit={ready}
      busy={create.isPending}
      error={create.error ?? (rules.isError ? rules.error : null)}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <ObjectPicker
        label="Related object"
        types={[]}
        chosen={other}
        onChange={setOther}
        max={1}
        exclude={[object.stix_id]}
      />
      <Field.Root>
        <Field.Label>Direction</Field.Label>
        <NativeSelect.Root size="sm">
          <NativeSelect.Field
            value={outgoing ? 'out' : 'in'}
            onChange={(event) => setOutgoing(event.target.value === 'out')}
          >
            <option value="out">This object → the related object</option>
            <option value="in">The related object → this object</option>
          </NativeSelect.Field>
          <NativeSelect.Indicator />
        </NativeSelect.Root>
      </Field.Root>
      <RelationshipTypeField
        types={types}
        value={type}
        onChange={setType}
        helper={!target && 'Choose the related object first.'}
      />
      {source && dest && (
        <Text fontSize="sm" color="fg.muted">
          {`${source.name ?? source.stix_id} ${type} ${dest.name ?? dest.stix_id}`}
        </Text>
      )}
      <Field.Root>
        <Field.Label>Description (optional)</Field.Label>
        <Textarea
          data-raw-text="true"
          value={description}
          maxLength={100000}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field.Root>
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
