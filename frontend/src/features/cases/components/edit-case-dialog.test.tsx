import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import type { CaseRow } from '@/features/cases/api/list-cases';
import { EditCaseDialog } from './edit-case-dialog';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const kase = {
  id: '0c0c0000-0000-4000-a000-000000000001',
  title: 'C2 beaconing',
  description: '<img src=x onerror=alert(1)> quoted',
  severity: 'medium',
  due_at: '2026-12-04T10:00:00Z',
  tlp: 'amber',
  red_audience: [],
  pap: 'clear',
} as unknown as CaseRow;

const RED_CELL = { id: '0000a000-0000-4000-a000-00000000000c', name: 'Red cell' };
const answerClearance = () =>
  answerRpc('my_clearance', () => ({ data: [{ clearance: 'red', red_groups: [RED_CELL] }], error: null }));

describe('EditCaseDialog', () => {
  beforeEach(() => {
    resetFakeSupabase();
    answerClearance();
  });

  it('sends the changed fields through update_case, leaves the due date alone, and closes', async () => {
    answerRpc('update_case', () => ({ data: null, error: null }));
    const onClose = vi.fn();
    render(
      <AppProvider store={makeStore()}>
        <EditCaseDialog kase={kase} onClose={onClose} />
      </AppProvider>,
    );
    expect(screen.getByLabelText(/Description/)).toHaveValue('<img src=x onerror=alert(1)> quoted');
    const title = screen.getByLabelText(/Title/);
    await userEvent.clear(title);
    await userEvent.type(title, 'C2 beaconing on two hosts');
    await userEvent.selectOptions(screen.getByLabelText('Severity'), 'high');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fakeSupabase.rpc).toHaveBeenCalledWith('update_case', {
      _case_id: kase.id,
      _title: 'C2 beaconing on two hosts',
      _description: '<img src=x onerror=alert(1)> quoted',
      _severity: 'high',
      _due_at: undefined,
      _tlp: undefined,
      _red_audience: undefined,
      _pap: undefined,
    });
  });

  it('sends a new marking only when it changed: RED with the audience chosen, and the PAP', async () => {
    answerRpc('update_case', () => ({ data: null, error: null }));
    const onClose = vi.fn();
    render(
      <AppProvider store={makeStore()}>
        <EditCaseDialog kase={kase} onClose={onClose} />
      </AppProvider>,
    );
    await waitFor(() => expect(screen.getByRole('option', { name: 'TLP:RED' })).toBeInTheDocument());
    await userEvent.selectOptions(screen.getByLabelText('TLP'), 'red');
    expect(screen.getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.click(screen.getByRole('checkbox', { name: 'Red cell' }));
    await userEvent.selectOptions(screen.getByLabelText('PAP'), 'amber');
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(fakeSupabase.rpc).toHaveBeenCalledWith(
      'update_case',
      expect.objectContaining({ _tlp: 'red', _red_audience: [RED_CELL.id], _pap: 'amber' }),
    );
  });

  it('keeps the dialog open with the server refusal', async () => {
    answerRpc('update_case', () => ({
      data: null,
      error: { message: 'There is no case x that you can read.' },
    }));
    const onClose = vi.fn();
    render(
      <AppProvider store={makeStore()}>
        <EditCaseDialog kase={kase} onClose={onClose} />
      </AppProvider>,
    );
    await userEvent.click(screen.getByRole('button', { name: 'Save' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Not saved: There is no case x that you can read.',
    );
    expect(onClose).not.toHaveBeenCalled();
  });
});
