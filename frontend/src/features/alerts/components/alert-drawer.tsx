/**
 * One alert on the shared entity screen: what raised it and the context behind it, the triage
 * actions, notes (append-only) and its history.
 */
import { Button, Flex, NativeSelect, Spinner, Stack, Text, Textarea } from '@chakra-ui/react';
import { useState, type ReactNode } from 'react';
import { EntityDrawer } from '@/components/entity/entity-drawer';
import { Facts } from '@/components/entity/facts';
import { AlertText } from '@/components/intel/alert-text';
import { formatDateTime } from '@/lib/format/format';
import { InertText } from '@/lib/security/inert-text';
import { useAddAlertNote, useAlertNotes } from '@/features/alerts/api/alert-notes';
import { useAssignees, type Assignee } from '@/features/alerts/api/get-assignees';
import { useAlertHistory } from '@/features/alerts/api/get-alert-history';
import type { AlertRow } from '@/features/alerts/api/list-alerts';
import type { AlertStatus } from '@/features/alerts/schemas/alert-filters';
import { historyText } from '@/features/alerts/utils/history-entry';
import { actionLabel, NEXT_STATUSES } from '@/features/alerts/utils/transitions';
import { SeverityBadge, StatusBadge } from './severity-badge';

export function assigneeName(assignees: readonly Assignee[] | undefined, id: string | null): string {
  if (!id) return 'Unassigned';
  const person = assignees?.find((item) => item.id === id);
  return person ? person.display_name || person.email : 'Someone';
}

interface AlertDrawerProps {
  alert: AlertRow | undefined;
  open: boolean;
  onClose: () => void;
  onMove: (to: AlertStatus) => void;
  onAssign: (userId: string | null) => void;
  busy: boolean;
  /** Links to the entity behind the alert (the IOC page, the CVE feed), built by the page. */
  context: ReactNode;
  /** Offered on an alert dismissed as a false positive: put its value on an exclusion list. */
  onExclude?: () => void;
}

function Notes({ alertId, names }: { alertId: string; names: (id: string | null) => string }) {
  const notes = useAlertNotes(alertId);
  const add = useAddAlertNote();
  const [body, setBody] = useState('');
  return (
    <Stack gap="3">
      {notes.isPending && <Spinner size="sm" />}
      {notes.isError && <Text role="alert">The notes could not be loaded: {notes.error.message}</Text>}
      {notes.data?.length === 0 && <Text color="fg.muted">No note yet.</Text>}
      <Stack as="ol" gap="3" listStyleType="none" ps="0">
        {notes.data?.map((note) => (
          <li key={note.id}>
            <Text fontSize="xs" color="fg.muted">
              {names(note.author_id)} · {formatDateTime(note.created_at)}
            </Text>
            {/* An analyst's own words ("host 10.1.2.3"): inert, not defanged. */}
            <InertText value={note.body} as="p" defangLinks={false} />
          </li>
        ))}
      </Stack>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          if (body.trim()) add.mutate({ alertId, body: body.trim() }, { onSuccess: () => setBody('') });
        }}
      >
        <Stack gap="2">
          <Textarea
            aria-label="New note"
            placeholder="What did you find? Notes cannot be edited later."
            value={body}
            maxLength={10000}
            data-indicator-input="true"
            onChange={(event) => setBody(event.target.value)}
          />
          {add.error && <Text role="alert">{add.error.message}</Text>}
          <Button
            type="submit"
            size="sm"
            alignSelf="flex-end"
            disabled={!body.trim()}
            loading={add.isPending}
          >
            Add note
          </Button>
        </Stack>
      </form>
    </Stack>
  );
}

function History({ alertId }: { alertId: string }) {
  const history = useAlertHistory(alertId);
  if (history.isPending) return <Spinner size="sm" />;
  if (history.isError)
    return <Text role="alert">The history could not be loaded: {history.error.message}</Text>;
  return (
    <Stack as="ol" gap="2" listStyleType="none" ps="0" fontSize="sm">
      {history.data.map((row, index) => (
        <li key={index}>
          <Text as="span" color="fg.muted">
            {formatDateTime(row.at)} · {row.actor_name ?? 'the platform'}:{' '}
          </Text>
          {row.kind === 'note' ? (
            <>
              added a note: <InertText value={row.body ?? ''} maxLength={200} defangLinks={false} />
            </>
          ) : (
            historyText(row)
          )}
        </li>
      ))}
    </Stack>
  );
}

/** Said once the alert is dismissed: whether the analyst judged it a false positive. */
function verdict(alert: AlertRow): [string, string][] {
  if (alert.status !== 'dismissed') return [];
  return [['Verdict', alert.false_positive ? 'False positive' : 'Not a false positive']];
}

export function AlertDrawer(props: AlertDrawerProps) {
  const { alert, open, onClose, onMove, onAssign, busy, context, onExclude } = props;
  const assignees = useAssignees();
  const names = (id: string | null) => assigneeName(assignees.data, id);
  return (
    <EntityDrawer
      open={open}
      onClose={onClose}
      kind="Alert"
      title={alert ? <AlertText value={alert.title} category={alert.category} /> : 'Not found'}
      subtitle={alert ? undefined : 'It does not exist, or it was deleted.'}
      actions={
        alert && (
          <Flex gap="2" wrap="wrap" align="center">
            <SeverityBadge severity={alert.severity} />
            <StatusBadge status={alert.status} />
            {NEXT_STATUSES[alert.status].map((to) => (
              <Button
                key={to}
                size="xs"
                variant={to === 'dismissed' ? 'outline' : 'solid'}
                loading={busy}
                onClick={() => onMove(to)}
              >
                {actionLabel(alert.status, to)}
              </Button>
            ))}
            <NativeSelect.Root size="xs" width="auto">
              <NativeSelect.Field
                aria-label="Assignee"
                value={alert.assigned_to ?? ''}
                onChange={(event) => onAssign(event.target.value || null)}
              >
                <option value="">Unassigned</option>
                {assignees.data?.map((person) => (
                  <option key={person.id} value={person.id}>
                    {person.display_name || person.email}
                  </option>
                ))}
              </NativeSelect.Field>
              <NativeSelect.Indicator />
            </NativeSelect.Root>
            {alert.false_positive && onExclude && (
              <Button size="xs" variant="outline" onClick={onExclude}>
                Add to an exclusion list…
              </Button>
            )}
          </Flex>
        )
      }
      tabs={
        alert
          ? [
              {
                id: 'overview',
                label: 'Overview',
                content: (
                  <Stack gap="4">
                    {alert.description && (
                      <AlertText value={alert.description} category={alert.category} as="p" />
                    )}
                    <Facts
                      items={[
                        ['Raised', formatDateTime(alert.created_at)],
                        ['By', <InertText key="s" value={alert.source} defangLinks={false} />],
                        ['Category', <InertText key="c" value={alert.category} defangLinks={false} />],
                        ['Assignee', names(alert.assigned_to)],
                        [
                          'Dismissed because',
                          alert.dismissal_reason ? (
                            <InertText key="d" value={alert.dismissal_reason} defangLinks={false} />
                          ) : null,
                        ],
                        ...verdict(alert),
                        ['Closed', formatDateTime(alert.resolved_at)],
                        ['Context', context],
                      ]}
                    />
                  </Stack>
                ),
              },
              { id: 'notes', label: 'Notes', content: <Notes alertId={alert.id} names={names} /> },
              { id: 'history', label: 'History', content: <History alertId={alert.id} /> },
            ]
          : []
      }
    />
  );
}
