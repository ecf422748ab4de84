import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { resetFakeSupabase } from '@/testing/fake-supabase';
import { answerTables, callArgs } from '@/testing/fake-tables';
import { AddIndicatorDialog } from './add-indicator-dialog';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const RED_CELL = '0000a000-0000-4000-a000-0000000000ed';

function renderDialog(tlpLevels: ('clear' | 'green' | 'amber' | 'amber+strict' | 'red')[]) {
  const onAdded = vi.fn();
  render(
    <AppProvider store={makeStore()}>
      <AddIndicatorDialog
        open
        onClose={() => {}}
        onAdded={onAdded}
        tlpLevels={tlpLevels}
        redGroups={[{ id: RED_CELL, name: 'Red cell' }]}
      />
    </AppProvider>,
  );
  return onAdded;
}

describe('AddIndicatorDialog', () => {
  beforeEach(() => resetFakeSupabase());

  it('asks a RED indicator for its audience and sends it', async () => {
    const log = answerTables(() => ({ data: { id: 7 }, error: null }));
    const onAdded = renderDialog(['clear', 'green', 'amber', 'amber+strict', 'red']);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Value'), 'evil.example');
    await user.selectOptions(screen.getByLabelText('TLP'), 'red');
    expect(screen.getByText('TLP:RED audience')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add indicator' })).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Red cell' }));
    await user.click(screen.getByRole('button', { name: 'Add indicator' }));
    await waitFor(() => expect(onAdded).toHaveBeenCalledWith(7));
    expect(callArgs(log[0]!, 'insert')?.[0]).toMatchObject({ tlp: 'red', red_audience: [RED_CELL] });
  });

  it('offers a green-only user GREEN at most and sends no audience', async () => {
    const log = answerTables(() => ({ data: { id: 8 }, error: null }));
    renderDialog(['clear', 'green']);
    const user = userEvent.setup();
    expect(screen.getByLabelText('TLP')).toHaveValue('green');
    expect(screen.queryByRole('option', { name: 'TLP:AMBER' })).toBeNull();
    await user.type(screen.getByLabelText('Value'), 'evil.example');
    await user.click(screen.getByRole('button', { name: 'Add indicator' }));
    await waitFor(() => expect(log).toHaveLength(1));
    expect(callArgs(log[0]!, 'insert')?.[0]).toMatchObject({ tlp: 'green', red_audience: [] });
  });
});
