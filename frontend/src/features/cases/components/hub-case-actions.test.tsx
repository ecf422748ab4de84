import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { HubCaseActions } from './hub-case-actions';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const CASE = '0c0c0000-0000-4000-a000-000000000001';
const beacon = { id: 'a1', title: 'Beacon', metadata: {} };
const lookalike = { id: 'a2', title: 'Lookalike', metadata: { lookalike: 'examp1e.com' } };

function renderActions(alerts: (typeof beacon)[], onDone = vi.fn()) {
  render(
    <AppProvider store={makeStore()}>
      <HubCaseActions alerts={alerts} onDone={onDone} />
    </AppProvider>,
  );
  return onDone;
}

describe('HubCaseActions', () => {
  beforeEach(() => resetFakeSupabase());

  it('does nothing without a selection', () => {
    renderActions([]);
    expect(screen.getByRole('button', { name: 'Open a case' })).toBeDisabled();
    expect(screen.getByRole('button', { name: 'Add to case' })).toBeDisabled();
    expect(screen.queryByRole('button', { name: 'Open a takedown case' })).toBeNull();
  });

  it('opens a case with the selected alerts through create_case and hands its id on', async () => {
    answerRpc('create_case', () => ({ data: CASE, error: null }));
    answerRpc('my_clearance', () => ({ data: [{ clearance: 'amber+strict', red_groups: [] }], error: null }));
    const onDone = renderActions([beacon, lookalike]);
    expect(screen.queryByRole('button', { name: 'Open a takedown case' })).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: 'Open a case' }));
    const dialog = await screen.findByRole('dialog', { name: 'Open a case with 2 alerts' });
    await userEvent.type(screen.getByLabelText(/Title/), 'C2 beaconing');
    await userEvent.click(screen.getByRole('button', { name: 'Open the case' }));
    await waitFor(() => expect(onDone).toHaveBeenCalledWith(CASE));
    expect(fakeSupabase.rpc).toHaveBeenCalledWith(
      'create_case',
      expect.objectContaining({
        _title: 'C2 beaconing',
        _kind: 'incident',
        _alert_ids: ['a1', 'a2'],
        _tlp: 'amber',
        _pap: 'clear',
      }),
    );
    // The dialog closes once the case is open.
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
  });

  it('offers a takedown case, named after the domain, when every selected alert is a lookalike', async () => {
    answerRpc('create_case', () => ({ data: CASE, error: null }));
    renderActions([lookalike]);
    await userEvent.click(screen.getByRole('button', { name: 'Open a takedown case' }));
    expect(await screen.findByLabelText(/Title/)).toHaveValue('Takedown of examp1e.com');
    expect(screen.getByLabelText('Kind')).toHaveValue('takedown');
  });

  it('says the server refusal in its words and keeps the dialog open', async () => {
    answerRpc('create_case', () => ({
      data: null,
      error: { message: 'There is no alert a1 that you can read.' },
    }));
    renderActions([beacon]);
    await userEvent.click(screen.getByRole('button', { name: 'Open a case' }));
    await userEvent.type(await screen.findByLabelText(/Title/), 'x');
    await userEvent.click(screen.getByRole('button', { name: 'Open the case' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not saved: There is no alert a1 that you can read.',
    );
  });
});
