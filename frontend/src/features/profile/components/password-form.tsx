/** Change password: the current one is required and checked by the auth service. */
import { Button, Stack, Text } from '@chakra-ui/react';
import { useState, type FormEvent } from 'react';
import { useChangePassword } from '@/features/profile/api/change-password';
import { PasswordField } from '@/components/ui/password-field';
import { PASSWORD_POLICY_TEXT, passwordProblems, problemsInWords } from '@/lib/password-policy';

export function PasswordForm() {
  const [current, setCurrent] = useState('');
  const [next, setNext] = useState('');
  const [repeat, setRepeat] = useState('');
  const [problem, setProblem] = useState<string | null>(null);
  const [done, setDone] = useState(false);
  const change = useChangePassword();

  const submit = (event: FormEvent) => {
    event.preventDefault();
    setDone(false);
    const problems = passwordProblems(next);
    if (current === '') return setProblem('Enter your current password.');
    if (problems.length > 0) return setProblem(`The new password needs ${problemsInWords(problems)}.`);
    if (next !== repeat) return setProblem('The two new passwords differ.');
    setProblem(null);
    change.mutate(
      { current, next },
      {
        onSuccess: () => {
          setCurrent('');
          setNext('');
          setRepeat('');
          setDone(true);
        },
      },
    );
  };

  const message = problem ?? (change.isError ? change.error.message : null);
  return (
    <form onSubmit={submit} noValidate autoComplete="off" data-security-sensitive="">
      <Stack gap="3" maxW="md">
        <PasswordField
          label="Current password"
          autoComplete="current-password"
          value={current}
          onChange={setCurrent}
        />
        <PasswordField
          label="New password"
          autoComplete="new-password"
          value={next}
          onChange={setNext}
          helperText={PASSWORD_POLICY_TEXT}
        />
        <PasswordField
          label="Repeat the new password"
          autoComplete="new-password"
          value={repeat}
          onChange={setRepeat}
        />
        <Button type="submit" size="sm" alignSelf="start" loading={change.isPending} loadingText="Changing">
          Change password
        </Button>
        <Text fontSize="sm" role={message ? 'alert' : 'status'} color={message ? 'fg.error' : 'fg.muted'}>
          {message ?? (done ? 'Password changed. Your other sessions were signed out.' : '')}
        </Text>
      </Stack>
    </form>
  );
}
