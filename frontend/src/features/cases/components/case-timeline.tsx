/** A case's timeline in words, newest first (written by the database, shown as text). */
import { Box, Stack, Text } from '@chakra-ui/react';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { personName, type CasePerson } from '@/features/cases/api/list-case-people';
import { useCaseEvents, type CaseEvent } from '@/features/cases/api/list-case-events';
import { STATUS_LABELS, type CaseStatus } from '@/features/cases/schemas/case-filters';

const status = (value: unknown) => STATUS_LABELS[value as CaseStatus] ?? String(value);

export function eventText(event: CaseEvent, name: (id: string | null) => string): string {
  const d = event.details as Record<string, unknown>;
  switch (event.kind) {
    case 'created':
      return `opened the case "${String(d.title)}"`;
    case 'status_changed':
      return `moved it from ${status(d.from)} to ${status(d.to)}${d.reason ? `: ${String(d.reason)}` : ''}`;
    case 'assigned':
      return d.to ? `assigned it to ${name(d.to as string)}` : 'left it unassigned';
    case 'edited':
      return `changed ${(d.fields as string[]).join(', ')}`;
    case 'alert_added':
      return `added the alert "${String(d.title ?? d.alert_id)}"`;
    case 'alert_removed':
      return `removed the alert "${String(d.title ?? d.alert_id)}"`;
    case 'linked':
      return `linked ${String(d.kind).replace('intel_object', 'knowledge object')} ${String(d.ref)}`;
    case 'unlinked':
      return `unlinked ${String(d.kind).replace('intel_object', 'knowledge object')} ${String(d.ref)}`;
    case 'task_added':
      return `added the task "${String(d.title)}"`;
    case 'task_done':
      return `completed the task "${String(d.title)}"`;
    case 'task_reopened':
      return `reopened the task "${String(d.title)}"`;
    case 'note_added':
      return 'added a note';
    case 'attachment_added':
      return `attached ${String(d.name)}`;
    case 'attachment_removed':
      return `removed the file ${String(d.name)}`;
    default:
      return event.kind.replace(/_/g, ' ');
  }
}

export function CaseTimeline({ caseId, people }: { caseId: string; people: readonly CasePerson[] }) {
  const events = useCaseEvents(caseId);
  const name = (id: string | null) => (id ? personName(people, id) : 'The platform');
  return (
    <Stack as="ol" gap="2" listStyleType="none" aria-label="Timeline">
      {events.error && <Text color="fg.error">The timeline could not be loaded: {events.error.message}</Text>}
      {events.data?.map((event) => (
        <Box as="li" key={event.id} borderStartWidth="2px" borderColor="border.emphasized" ps="3">
          <Text fontSize="xs" color="fg.muted">
            {formatDateTime(event.occurred_at)}
          </Text>
          <InertText as="div" value={`${name(event.actor)} ${eventText(event, name)}`} />
        </Box>
      ))}
    </Stack>
  );
}
