import { ChakraProvider, Input } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { system } from '@/theme/system';
import { FormDialog } from './form-dialog';

function Harness({ onSubmit, onClose, error }: { onSubmit: () => void; onClose: () => void; error?: Error }) {
  const [name, setName] = useState('');
  return (
    <FormDialog
      title="New thing"
      submitLabel="Add thing"
      canSubmit={Boolean(name.trim())}
      busy={false}
      error={error}
      onSubmit={onSubmit}
      onClose={onClose}
    >
      <Input aria-label="Name" value={name} onChange={(e) => setName(e.target.value)} />
    </FormDialog>
  );
}

function renderDialog(error?: Error) {
  const onSubmit = vi.fn();
  const onClose = vi.fn();
  render(
    <ChakraProvider value={system}>
      <Harness onSubmit={onSubmit} onClose={onClose} error={error} />
    </ChakraProvider>,
  );
  return { user: userEvent.setup(), onSubmit, onClose };
}

describe('FormDialog', () => {
  it('sends only a complete form, by the button or Enter', async () => {
    const { user, onSubmit } = renderDialog();
    expect(screen.getByRole('dialog', { name: 'New thing' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add thing' })).toBeDisabled();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), '{Enter}');
    expect(onSubmit).not.toHaveBeenCalled();
    await user.type(screen.getByRole('textbox', { name: 'Name' }), 'x{Enter}');
    expect(onSubmit).toHaveBeenCalledTimes(1);
    await user.click(screen.getByRole('button', { name: 'Add thing' }));
    expect(onSubmit).toHaveBeenCalledTimes(2);
  });

  it('shows the refusal in words and closes on Cancel or Escape without sending', async () => {
    const { user, onSubmit, onClose } = renderDialog(new Error('A channel needs a name.'));
    expect(screen.getByRole('alert')).toHaveTextContent('Not saved: A channel needs a name.');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await user.keyboard('{Escape}');
    expect(onClose).toHaveBeenCalledTimes(2);
    expect(onSubmit).not.toHaveBeenCalled();
  });
});
