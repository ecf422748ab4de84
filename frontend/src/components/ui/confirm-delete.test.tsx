import { ChakraProvider } from '@chakra-ui/react';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { system } from '@/theme/system';
import { ConfirmDelete } from './confirm-delete';

function renderConfirm(onConfirm: () => Promise<void>) {
  render(
    <ChakraProvider value={system}>
      <ConfirmDelete
        subject="the watch paypal.com"
        pending={false}
        onConfirm={onConfirm}
        warning="Its lookalike alerts stay."
      />
    </ChakraProvider>,
  );
  return userEvent.setup();
}

describe('ConfirmDelete', () => {
  it('asks first, with the warning and focus on the safe choice; Keep it deletes nothing', async () => {
    const onConfirm = vi.fn(async () => {});
    const user = renderConfirm(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete the watch paypal.com' }));
    expect(screen.getByText('Its lookalike alerts stay.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Keep it' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Keep it' }));
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.queryByText('Its lookalike alerts stay.')).toBeNull();
    expect(screen.getByRole('button', { name: 'Delete the watch paypal.com' })).toHaveFocus();
  });

  it('Escape keeps the item', async () => {
    const onConfirm = vi.fn(async () => {});
    const user = renderConfirm(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete the watch paypal.com' }));
    await user.keyboard('{Escape}');
    expect(onConfirm).not.toHaveBeenCalled();
    expect(screen.getByRole('button', { name: 'Delete the watch paypal.com' })).toHaveFocus();
  });

  it('deletes on the second step, and asks again next time when the deletion was refused', async () => {
    const onConfirm = vi.fn(async () => {});
    const user = renderConfirm(onConfirm);
    await user.click(screen.getByRole('button', { name: 'Delete the watch paypal.com' }));
    await user.click(screen.getByRole('button', { name: 'Confirm deleting the watch paypal.com' }));
    expect(onConfirm).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Delete the watch paypal.com' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Confirm deleting the watch paypal.com' })).toBeNull();
  });
});
