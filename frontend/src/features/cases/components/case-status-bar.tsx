/**
 * A case's status and the moves its workflow allows from there (the database refuses others);
 * reopening a closed case asks for the reason. The assignee is changed beside it.
 */
import { Badge, Button, Flex, NativeSelect, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { ReasonDialog } from '@/components/ui/reason-dialog';
import { toast } from '@/components/ui/toast';
import { useAssignCase } from '@/features/cases/api/assign-case';
import type { CasePerson } from '@/features/cases/api/list-case-people';
import type { CaseRow } from '@/features/cases/api/list-cases';
import { useUpdateCaseStatus } from '@/features/cases/api/update-case-status';
import { STATUS_LABELS, type CaseStatus } from '@/features/cases/schemas/case-filters';
import { moveLabel, needsReason, NEXT_STATUSES } from '@/features/cases/utils/transitions';

const refused = (title: string) => (error: Error) =>
  toast({ title, description: error.message, variant: 'destructive' });

export function CaseStatusBar({ kase, people }: { kase: CaseRow; people: readonly CasePerson[] }) {
  const move = useUpdateCaseStatus();
  const assign = useAssignCase();
  const [reopening, setReopening] = useState<CaseStatus | null>(null);
  const go = (to: CaseStatus, reason?: string) =>
    move.mutate(
      { caseId: kase.id, status: to, reason },
      {
        onSuccess: () => {
          setReopening(null);
          toast({ title: `Case ${STATUS_LABELS[to].toLowerCase()}` });
        },
        onError: refused('The status was not changed'),
      },
    );
  return (
    <Flex gap="2" wrap="wrap" align="center" role="toolbar" aria-label="Case status and assignee">
      <Text fontSize="sm" color="fg.muted">
        Status
      </Text>
      <Badge variant="outline" size="lg" data-testid="case-status">
        {STATUS_LABELS[kase.status]}
      </Badge>
      {NEXT_STATUSES[kase.status].map((to) => (
        <Button
          key={to}
          size="sm"
          variant="outline"
          disabled={move.isPending}
          onClick={() => (needsReason(kase.status, to) ? setReopening(to) : go(to))}
        >
          {moveLabel(kase.status, to)}
        </Button>
      ))}
      <Flex flex="1" />
      <NativeSelect.Root size="sm" width="14rem" disabled={assign.isPending}>
        <NativeSelect.Field
          aria-label="Assignee"
          value={kase.assignee ?? ''}
          onChange={(event) =>
            assign.mutate(
              { caseId: kase.id, assignee: event.target.value || null },
              { onError: refused('The case was not assigned') },
            )
          }
        >
          <option value="">Nobody assigned</option>
          {people.map((person) => (
            <option key={person.id} value={person.id}>
              {person.display_name || person.email}
            </option>
          ))}
        </NativeSelect.Field>
        <NativeSelect.Indicator />
      </NativeSelect.Root>
      <ReasonDialog
        open={reopening !== null}
        title="Reopen the case"
        confirmLabel="Reopen"
        helper="Say why the closed case is opened again; the timeline keeps the reason."
        busy={move.isPending}
        onCancel={() => setReopening(null)}
        onConfirm={(reason) => reopening && go(reopening, reason)}
      />
    </Flex>
  );
}
