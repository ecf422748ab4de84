/**
 * System Configuration, "Case SLA targets": per severity, how soon a case must be taken up and
 * resolved (the Cases page's SLA badges, the dashboard's "past SLA" card). Shown in hours and days;
 * changed by administrators with a verified second factor (the server decides and audits).
 */
import { Button, Field, Heading, Input, Spinner, Stack, Table, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { FormDialog } from '@/components/ui/form-dialog';
import { toast } from '@/components/ui/toast';
import { formatDateTime } from '@/lib/format/format';
import { useSlaTargets, useUpdateSlaTarget, type SlaTarget } from '@/features/cases/api/sla-targets';
import { hoursInWords, intervalHours } from '@/features/cases/utils/interval-hours';

const label = (severity: string) => severity[0]!.toUpperCase() + severity.slice(1);
const MAX_HOURS = 24 * 366;

function HoursField({
  name,
  value,
  onChange,
}: {
  name: string;
  value: string;
  onChange: (v: string) => void;
}) {
  const hours = Number(value);
  const valid = value.trim() !== '' && Number.isFinite(hours) && hours > 0 && hours <= MAX_HOURS;
  return (
    <Field.Root invalid={!valid} required>
      <Field.Label>{name} (hours)</Field.Label>
      <Input inputMode="decimal" value={value} onChange={(event) => onChange(event.target.value)} />
      <Field.HelperText>{valid ? hoursInWords(hours) : ''}</Field.HelperText>
      <Field.ErrorText>
        More than 0 and at most {MAX_HOURS.toLocaleString('en')} hours (a year).
      </Field.ErrorText>
    </Field.Root>
  );
}

function EditTarget({ target, onClose }: { target: SlaTarget; onClose: () => void }) {
  const update = useUpdateSlaTarget();
  const [respond, setRespond] = useState(String(intervalHours(target.respond_within) ?? ''));
  const [resolve, setResolve] = useState(String(intervalHours(target.resolve_within) ?? ''));
  const [r1, r2] = [Number(respond), Number(resolve)];
  const valid = [r1, r2].every((h) => Number.isFinite(h) && h > 0 && h <= MAX_HOURS) && r2 >= r1;
  return (
    <FormDialog
      title={`SLA targets of ${target.severity} cases`}
      submitLabel="Save"
      canSubmit={valid}
      busy={update.isPending}
      error={update.error}
      onClose={onClose}
      onSubmit={() =>
        update.mutate(
          { severity: target.severity, respondHours: r1, resolveHours: r2 },
          {
            onSuccess: () => {
              toast({ title: 'SLA targets saved', description: `${label(target.severity)} cases` });
              onClose();
            },
          },
        )
      }
    >
      <HoursField name="Take up within" value={respond} onChange={setRespond} />
      <HoursField name="Resolve within" value={resolve} onChange={setResolve} />
      {Number.isFinite(r1) && Number.isFinite(r2) && r2 < r1 && (
        <Text role="alert" color="fg.error" fontSize="sm">
          The time to resolve cannot be shorter than the time to take it up.
        </Text>
      )}
      <Text fontSize="sm" color="fg.muted">
        Applies to cases opened from now on and to a case whose severity changes; a due date set by hand
        stays.
      </Text>
    </FormDialog>
  );
}

export function SlaTargetsSection() {
  const targets = useSlaTargets();
  const [editing, setEditing] = useState<SlaTarget | null>(null);
  return (
    <Stack gap="3" as="section" aria-labelledby="sla-targets-heading">
      <Heading as="h2" size="md" id="sla-targets-heading">
        Case SLA targets
      </Heading>
      <Text color="fg.muted" fontSize="sm">
        How soon a case must leave “new” and be resolved, by severity. Time on hold does not count.
      </Text>
      {targets.isPending ? (
        <Spinner size="sm" aria-label="Loading the SLA targets" />
      ) : targets.isError ? (
        <Text role="alert" color="fg.error">
          The SLA targets could not be loaded: {targets.error.message}
        </Text>
      ) : (
        <Table.ScrollArea borderWidth="1px" rounded="md">
          <Table.Root size="sm" aria-label="Case SLA targets">
            <Table.Header>
              <Table.Row>
                <Table.ColumnHeader>Severity</Table.ColumnHeader>
                <Table.ColumnHeader>Take up within</Table.ColumnHeader>
                <Table.ColumnHeader>Resolve within</Table.ColumnHeader>
                <Table.ColumnHeader>Changed</Table.ColumnHeader>
                <Table.ColumnHeader>
                  <Text as="span" srOnly>
                    Actions
                  </Text>
                </Table.ColumnHeader>
              </Table.Row>
            </Table.Header>
            <Table.Body>
              {targets.data.map((target) => (
                <Table.Row key={target.severity}>
                  <Table.Cell>{label(target.severity)}</Table.Cell>
                  <Table.Cell>{hoursInWords(intervalHours(target.respond_within) ?? 0)}</Table.Cell>
                  <Table.Cell>{hoursInWords(intervalHours(target.resolve_within) ?? 0)}</Table.Cell>
                  <Table.Cell>{formatDateTime(target.updated_at) ?? '—'}</Table.Cell>
                  <Table.Cell textAlign="end">
                    <Button
                      size="xs"
                      variant="outline"
                      aria-label={`Edit the SLA targets of ${target.severity} cases`}
                      onClick={() => setEditing(target)}
                    >
                      Edit
                    </Button>
                  </Table.Cell>
                </Table.Row>
              ))}
            </Table.Body>
          </Table.Root>
        </Table.ScrollArea>
      )}
      {editing && <EditTarget target={editing} onClose={() => setEditing(null)} />}
    </Stack>
  );
}
