import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { platformPath } from '@/config/paths';
import { makeQueryClient } from '@/lib/query-client';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { answerTables, callArgs } from '@/testing/fake-tables';
import { pageDefinition } from './pages';
import SystemConfigurationPage from './system-configuration';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const HOSTILE = '<img src=x onerror=alert(1)>';

const setting = (fields: Record<string, unknown>) => ({
  category: 'Data retention',
  description: 'Security events older than this are deleted.',
  type: 'integer',
  min_value: 30,
  max_value: 3650,
  allowed_values: null,
  unit: 'days',
  updated_at: '2026-11-28T10:00:00Z',
  updated_by_email: null,
  ...fields,
});

const SETTINGS = [
  setting({ key: 'retention.security_events_days', label: 'Security events kept', value: 365 }),
  setting({
    key: 'intel.default_tlp',
    category: 'Intelligence',
    label: 'Default TLP of new sources',
    type: 'enum',
    value: 'amber',
    min_value: null,
    max_value: null,
    allowed_values: ['clear', 'green', 'amber', 'amber+strict', 'red'],
    unit: null,
    updated_by_email: HOSTILE,
  }),
];

function renderPage() {
  const router = createMemoryRouter(
    [
      {
        path: platformPath('systemConfig'),
        element: <SystemConfigurationPage definition={pageDefinition('systemConfig')} />,
      },
    ],
    { initialEntries: [platformPath('systemConfig')] },
  );
  const store = makeStore({
    auth: {
      user: { id: 'user-1', email: 'admin@cti.local' },
      session: { userId: 'user-1', expiresAt: null },
      loading: false,
      adminValidation: { authorized: true, reason: null },
    },
  });
  render(
    <AppProvider store={store} queryClient={makeQueryClient()}>
      <RouterProvider router={router} />
    </AppProvider>,
  );
  return { user: userEvent.setup(), router };
}

/** A setting's row: the label also names its buttons (for screen readers), so find the row by key. */
async function findRow(key: string): Promise<HTMLElement> {
  await screen.findByRole('table', { name: 'Settings' });
  return document.querySelector<HTMLElement>(`[data-setting="${key}"]`)!;
}

beforeEach(() => {
  resetFakeSupabase();
  answerRpc('list_settings', () => ({ data: SETTINGS, error: null }));
});

describe('System Configuration', () => {
  it('shows each setting with its type, range, value and last editor, as text', async () => {
    renderPage();
    const row = await findRow('retention.security_events_days');
    expect(within(row).getByText('integer')).toBeInTheDocument();
    expect(within(row).getByText('30–3650 days')).toBeInTheDocument();
    expect(within(row).getByText('365 days')).toBeInTheDocument();
    expect(within(row).getByText('installation default')).toBeInTheDocument();
    expect(screen.getByText(HOSTILE)).toBeInTheDocument();
    expect(document.querySelector('img[src="x"]')).toBeNull();
  });

  it('explains a bad value before sending it, sends a good one, and shows the server refusal in its words', async () => {
    let refuse = false;
    answerRpc('update_setting', () =>
      refuse
        ? { data: null, error: { message: 'Security events kept must be between 30 and 3650' } }
        : { data: [{ key: 'retention.security_events_days', value: 400 }], error: null },
    );
    const { user } = renderPage();
    const row = await findRow('retention.security_events_days');
    await user.click(within(row).getByRole('button', { name: /^Edit/ }));
    const input = within(row).getByRole('textbox');
    await user.clear(input);
    await user.type(input, '10');
    expect(within(row).getByRole('alert')).toHaveTextContent(
      'Security events kept must be between 30 and 3650',
    );
    expect(within(row).getByRole('button', { name: 'Save' })).toBeDisabled();
    await user.clear(input);
    await user.type(input, '400');
    expect(within(row).queryByRole('alert')).toBeNull();
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    await waitFor(() =>
      expect(fakeSupabase.rpc).toHaveBeenCalledWith('update_setting', {
        _key: 'retention.security_events_days',
        _value: 400,
      }),
    );
    await waitFor(() => expect(within(row).queryByRole('textbox')).toBeNull());

    refuse = true;
    await user.click(within(row).getByRole('button', { name: /^Edit/ }));
    await user.click(within(row).getByRole('button', { name: 'Save' }));
    expect(await within(row).findByRole('alert')).toHaveTextContent(
      'Security events kept must be between 30 and 3650',
    );
  });

  it('opens the history of a setting from the audit trail, old → new', async () => {
    const log = answerTables((request) =>
      request.table === 'audit_trail'
        ? {
            data: [
              {
                id: 7,
                occurred_at: '2026-11-28T11:00:00Z',
                actor_email: 'admin@cti.local',
                actor_role: 'admin',
                action: 'setting.changed',
                details: { changes: { value: { from: 365, to: 400 } } },
              },
            ],
            error: null,
          }
        : undefined,
    );
    const { user, router } = renderPage();
    const row = await findRow('retention.security_events_days');
    await user.click(within(row).getByRole('button', { name: /^History/ }));
    expect(router.state.location.search).toBe('?history=retention.security_events_days');
    const history = await screen.findByRole('list', { name: 'Setting history' });
    expect(within(history).getByText('365 → 400')).toBeInTheDocument();
    const request = log.find((entry) => entry.table === 'audit_trail')!;
    expect(callArgs(request, 'in')).toEqual(['target_type', ['setting']]);
    expect(callArgs(request, 'eq')).toEqual(['target_id', 'retention.security_events_days']);
  });
});
