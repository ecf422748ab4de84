/** A case's tasks: add one, tick it done (or not done again). */
import { Button, Checkbox, Flex, Input, Stack, Text } from '@chakra-ui/react';
import { useState } from 'react';
import { toast } from '@/components/ui/toast';
import { InertText } from '@/lib/security/inert-text';
import { useAddCaseTask } from '@/features/cases/api/add-case-task';
import { useCompleteCaseTask } from '@/features/cases/api/complete-case-task';
import { personName, type CasePerson } from '@/features/cases/api/list-case-people';
import { useCaseTasks } from '@/features/cases/api/list-case-tasks';

export function CaseTasks({ caseId, people }: { caseId: string; people: readonly CasePerson[] }) {
  const tasks = useCaseTasks(caseId);
  const add = useAddCaseTask();
  const complete = useCompleteCaseTask();
  const [title, setTitle] = useState('');
  const submit = () =>
    add.mutate(
      { caseId, title: title.trim() },
      {
        onSuccess: () => setTitle(''),
        onError: (error) =>
          toast({ title: 'The task was not added', description: error.message, variant: 'destructive' }),
      },
    );
  return (
    <Stack gap="3">
      <Flex
        as="form"
        gap="2"
        onSubmit={(event) => {
          event.preventDefault();
          if (title.trim()) submit();
        }}
      >
        <Input
          aria-label="New task"
          placeholder="A task, e.g. Block the domain at the proxy"
          value={title}
          maxLength={300}
          onChange={(event) => setTitle(event.target.value)}
        />
        <Button type="submit" disabled={!title.trim()} loading={add.isPending}>
          Add task
        </Button>
      </Flex>
      {tasks.data?.length === 0 && <Text color="fg.muted">No task yet.</Text>}
      {tasks.error && <Text color="fg.error">The tasks could not be loaded: {tasks.error.message}</Text>}
      <Stack as="ul" gap="2" listStyleType="none" aria-label="Tasks">
        {tasks.data?.map((task) => (
          <Flex as="li" key={task.id} gap="3" align="center" borderWidth="1px" borderRadius="md" p="2">
            <Checkbox.Root
              checked={task.done}
              disabled={complete.isPending}
              onCheckedChange={(details) =>
                complete.mutate({ taskId: task.id, done: details.checked === true })
              }
            >
              <Checkbox.HiddenInput />
              <Checkbox.Control />
              <Checkbox.Label>
                <InertText value={task.title} />
              </Checkbox.Label>
            </Checkbox.Root>
            <Flex flex="1" />
            <Text fontSize="sm" color="fg.muted">
              {task.assignee ? personName(people, task.assignee) : ''}
              {task.done ? ' Done' : ''}
            </Text>
          </Flex>
        ))}
      </Stack>
    </Stack>
  );
}
