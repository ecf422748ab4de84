/**
 * Create an account: email, name and role, then the one-time password once. Not a useMutation on
 * purpose: the mutation cache would keep the password; here it lives in this dialog's state only.
 */
import { Button, Dialog, Field, Input, NativeSelect, Portal, Stack, Text } from '@chakra-ui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { userKeys } from '@/features/users/api/keys';
import { createUser, type AppRole } from '@/features/users/api/user-actions';
import { OneTimePassword } from './one-time-password';

interface Draft {
  email: string;
  displayName: string;
  role: AppRole;
}

const EMPTY: Draft = { email: '', displayName: '', role: 'analyst' };

export function CreateUserDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  const queryClient = useQueryClient();
  const [draft, setDraft] = useState(EMPTY);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string>();
  const [created, setCreated] = useState<{ email: string; password: string }>();

  const close = () => {
    setDraft(EMPTY);
    setError(undefined);
    setCreated(undefined);
    onClose();
  };
  const submit = async () => {
    setBusy(true);
    setError(undefined);
    try {
      const email = draft.email.trim();
      const result = await createUser({
        email,
        role: draft.role,
        display_name: draft.displayName.trim() || undefined,
      });
      setCreated({ email, password: result.one_time_password });
      void queryClient.invalidateQueries({ queryKey: userKeys.all });
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <Dialog.Root open={open} onOpenChange={(details) => !details.open && close()}>
      <Portal>
        <Dialog.Backdrop />
        <Dialog.Positioner>
          <Dialog.Content
            as="form"
            onSubmit={(event) => {
              event.preventDefault();
              if (!created) void submit();
            }}
          >
            <Dialog.Header>
              <Dialog.Title>{created ? 'Account created' : 'Create an account'}</Dialog.Title>
            </Dialog.Header>
            <Dialog.Body>
              {created ? (
                <OneTimePassword email={created.email} password={created.password} />
              ) : (
                <Stack gap="3">
                  <Field.Root required>
                    <Field.Label>Email</Field.Label>
                    <Input
                      type="email"
                      autoComplete="off"
                      maxLength={320}
                      value={draft.email}
                      onChange={(event) => setDraft({ ...draft, email: event.target.value })}
                    />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Name</Field.Label>
                    <Input
                      maxLength={120}
                      value={draft.displayName}
                      onChange={(event) => setDraft({ ...draft, displayName: event.target.value })}
                    />
                  </Field.Root>
                  <Field.Root>
                    <Field.Label>Role</Field.Label>
                    <NativeSelect.Root>
                      <NativeSelect.Field
                        value={draft.role}
                        onChange={(event) => setDraft({ ...draft, role: event.target.value as AppRole })}
                      >
                        <option value="analyst">Analyst</option>
                        <option value="admin">Administrator (enrols a second factor at first sign-in)</option>
                      </NativeSelect.Field>
                      <NativeSelect.Indicator />
                    </NativeSelect.Root>
                  </Field.Root>
                  {error && (
                    <Text role="alert" color="fg.error">
                      The account was not created: {error}
                    </Text>
                  )}
                </Stack>
              )}
            </Dialog.Body>
            <Dialog.Footer>
              {created ? (
                <Button onClick={close}>Done</Button>
              ) : (
                <>
                  <Button variant="outline" onClick={close}>
                    Cancel
                  </Button>
                  <Button type="submit" loading={busy} disabled={draft.email.trim() === ''}>
                    Create account
                  </Button>
                </>
              )}
            </Dialog.Footer>
          </Dialog.Content>
        </Dialog.Positioner>
      </Portal>
    </Dialog.Root>
  );
}
