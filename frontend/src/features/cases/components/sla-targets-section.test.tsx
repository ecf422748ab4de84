import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { resetFakeSupabase } from '@/testing/fake-supabase';
import { answerTables, callArgs, requestKind, type TableRequest } from '@/testing/fake-tables';
import { SlaTargetsSection } from './sla-targets-section';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const TARGETS = [
  {
    severity: 'low',
    respond_within: '3 days',
    resolve_within: '30 days',
    updated_at: '2026-11-20T10:00:00Z',
  },
  {
    severity: 'critical',
    respond_within: '01:00:00',
    resolve_within: '1 day',
    updated_at: '2026-11-20T10:00:00Z',
  },
];

function renderSection(
  write: (request: TableRequest) => { data: unknown; error: { message: string; code?: string } | null },
) {
  const log = answerTables((request) =>
    requestKind(request) === 'update' ? write(request) : { data: TARGETS, error: null },
  );
  render(
    <AppProvider store={makeStore()}>
      <SlaTargetsSection />
    </AppProvider>,
  );
  return log;
}

describe('SlaTargetsSection', () => {
  beforeEach(() => resetFakeSupabase());

  it('lists the targets by severity, worst first, in hours and days', async () => {
    renderSection(() => ({ data: [], error: null }));
    const table = await screen.findByRole('table', { name: 'Case SLA targets' });
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => row.textContent)).toEqual([
      expect.stringMatching(/^Critical1 h1 day/),
      expect.stringMatching(/^Low3 days30 days/),
    ]);
  });

  it('saves new targets as hours, refusing a resolve time shorter than the take-up time', async () => {
    const log = renderSection(() => ({ data: [{ severity: 'critical' }], error: null }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit the SLA targets of critical cases' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'SLA targets of critical cases' });
    const respond = within(dialog).getByLabelText(/Take up within/);
    const resolve = within(dialog).getByLabelText(/Resolve within/);
    expect(respond).toHaveValue('1');
    expect(resolve).toHaveValue('24');
    await userEvent.clear(resolve);
    await userEvent.type(resolve, '0.5');
    expect(within(dialog).getByRole('alert')).toHaveTextContent('cannot be shorter');
    expect(within(dialog).getByRole('button', { name: 'Save' })).toBeDisabled();
    await userEvent.clear(resolve);
    await userEvent.type(resolve, '36');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(dialog).not.toBeInTheDocument());
    const update = log.find((request) => requestKind(request) === 'update')!;
    expect(callArgs(update, 'update')).toEqual([{ respond_within: '1 hours', resolve_within: '36 hours' }]);
    expect(callArgs(update, 'eq')).toEqual(['severity', 'critical']);
  });

  it('says so when the server changes nothing (not an administrator with a second factor)', async () => {
    renderSection(() => ({ data: [], error: null }));
    await userEvent.click(
      await screen.findByRole('button', { name: 'Edit the SLA targets of critical cases' }),
    );
    const dialog = await screen.findByRole('dialog', { name: 'SLA targets of critical cases' });
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Only administrators with a verified second factor change the SLA targets.',
    );
  });
});
