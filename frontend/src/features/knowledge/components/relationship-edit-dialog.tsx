/**
 * Edit one relationship from the object's profile: its type (among those STIX 2.1 allows for the
 * pair), description and confidence, or revoke it. The ends and the TLP are not edited here: another
 * pair is another relationship, and a TLP change is a re-marking the database checks on its own path.
 */
import { Checkbox, Field, Input, Spinner, Text, Textarea } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/toast';
import { useRelationshipRules } from '@/features/knowledge/api/relationship-rules';
import {
  useRelationship,
  useUpdateRelationship,
  type RelationshipFields,
} from '@/features/knowledge/api/update-relationship';
import { allowedRelationshipTypes } from '@/features/knowledge/utils/authoring';
import { RelationshipTypeField } from './relationship-type-field';

interface RelationshipEditDialogProps {
  relationshipId: string;
  /** "APT28 uses X-Agent", for the title. */
  summary: string;
  onClose: () => void;
}

const typeOf = (stixId: string) => stixId.split('--')[0] ?? '';

function EditForm({
  relationship,
  summary,
  onClose,
}: { relationship: RelationshipFields } & Omit<RelationshipEditDialogProps, 'relationshipId'>) {
  const rules = useRelationshipRules();
  const update = useUpdateRelationship(relationship);
  const [type, setType] = useState(relationship.relationship_type);
  const [description, setDescription] = useState(relationship.description ?? '');
  const [confidence, setConfidence] = useState(relationship.confidence?.toString() ?? '');
  const [revoked, setRevoked] = useState(relationship.revoked);
  const allowed = allowedRelationshipTypes(
    rules.data ?? [],
    typeOf(relationship.source_ref),
    typeOf(relationship.target_ref),
  );
  const types = allowed.includes(relationship.relationship_type)
    ? allowed
    : [relationship.relationship_type, ...allowed];
  const confidenceValue = confidence.trim() === '' ? null : Number(confidence);
  const confidenceValid =
    confidenceValue === null ||
    (Number.isInteger(confidenceValue) && confidenceValue >= 0 && confidenceValue <= 100);

  const submit = async () => {
    try {
      await update.mutateAsync({
        relationship_type: type,
        description: description.trim() || null,
        confidence: confidenceValue,
        revoked,
      });
      toast({ title: revoked ? 'Relationship revoked' : 'Relationship saved', description: summary });
      onClose();
    } catch {
      // Shown in the dialog.
    }
  };

  return (
    <FormDialog
      title="Edit the relationship"
      submitLabel={revoked && !relationship.revoked ? 'Revoke' : 'Save'}
      canSubmit={confidenceValid && type !== ''}
      busy={update.isPending}
      error={update.error ?? (rules.isError ? rules.error : null)}
      onSubmit={() => void submit()}
      onClose={onClose}
    >
      <Text fontSize="sm" color="fg.muted">
        {summary}
      </Text>
      <RelationshipTypeField types={types} value={type} onChange={setType} />
      <Field.Root>
        <Field.Label>Description (optional)</Field.Label>
        <Textarea
          data-raw-text="true"
          value={description}
          maxLength={100000}
          onChange={(event) => setDescription(event.target.value)}
        />
      </Field.Root>
      <Field.Root invalid={!confidenceValid}>
        <Field.Label>Confidence (0–100, optional)</Field.Label>
        <Input
          inputMode="numeric"
          value={confidence}
          maxLength={3}
          onChange={(event) => setConfidence(event.target.value)}
        />
        <Field.ErrorText>A whole number from 0 to 100.</Field.ErrorText>
      </Field.Root>
      <Checkbox.Root checked={revoked} onCheckedChange={(details) => setRevoked(details.checked === true)}>
        <Checkbox.HiddenInput />
        <Checkbox.Control />
        <Checkbox.Label>
          Revoke it: it leaves the profile and the graph, and stays in the history and in exports as revoked
        </Checkbox.Label>
      </Checkbox.Root>
    </FormDialog>
  );
}

export function RelationshipEditDialog({ relationshipId, summary, onClose }: RelationshipEditDialogProps) {
  const relationship = useRelationship(relationshipId);
  if (relationship.isPending) return <Spinner size="sm" aria-label="Loading the relationship" />;
  if (relationship.isError) {
    return (
      <FormDialog
        title="Edit the relationship"
        submitLabel="Save"
        canSubmit={false}
        busy={false}
        error={relationship.error}
        onSubmit={onClose}
        onClose={onClose}
      >
        <Text fontSize="sm">{summary}</Text>
      </FormDialog>
    );
  }
  return <EditForm relationship={relationship.data} summary={summary} onClose={onClose} />;
}
