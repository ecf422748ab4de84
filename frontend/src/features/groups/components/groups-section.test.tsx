import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { AppProvider } from '@/app/provider';
import { makeStore } from '@/app/store/store';
import { answerRpc, fakeSupabase, resetFakeSupabase } from '@/testing/fake-supabase';
import { GroupsSection } from './groups-section';

vi.mock('@/lib/supabase', async () => (await import('@/testing/fake-supabase')).supabaseModuleMock);

const HOSTILE = '<img src=x onerror=alert(1)>';
const RED = '0000a000-0000-4000-a000-0000000000ed';
const USER = '00000000-0000-4000-a000-0000000003c1';

const group = (fields: Record<string, unknown>) => ({
  description: '',
  member_count: 0,
  created_at: '2026-11-27T10:00:00Z',
  updated_at: '2026-11-27T10:00:00Z',
  is_default: false,
  ...fields,
});

function renderSection() {
  render(
    <AppProvider store={makeStore()}>
      <GroupsSection candidates={[{ id: USER, email: 'red-member@test.local' }]} />
    </AppProvider>,
  );
}

describe('GroupsSection', () => {
  beforeEach(() => {
    resetFakeSupabase();
    answerRpc('list_groups', () => ({
      data: [
        group({ id: 'a', name: 'Analysts', max_tlp: 'amber+strict', member_count: 12, is_default: true }),
        group({ id: RED, name: `Red cell ${HOSTILE}`, max_tlp: 'red', member_count: 1 }),
      ],
      error: null,
    }));
    answerRpc('list_group_members', () => ({
      data: [
        {
          user_id: USER,
          email: 'red-member@test.local',
          display_name: 'Red',
          added_at: '2026-11-27T10:00:00Z',
        },
      ],
      error: null,
    }));
  });

  it('lists each group with its TLP ceiling and member count, names as text; the default group stays', async () => {
    renderSection();
    const table = await screen.findByRole('table', { name: 'Groups' });
    expect(within(table).getByText('TLP:AMBER+STRICT')).toBeInTheDocument();
    expect(within(table).getByText('TLP:RED')).toBeInTheDocument();
    expect(within(table).getByText('12')).toBeInTheDocument();
    expect(within(table).getByText(`Red cell ${HOSTILE}`)).toBeInTheDocument();
    expect(document.querySelector('img')).toBeNull();
    expect(within(table).getAllByRole('button', { name: /^Delete/ })).toHaveLength(1);
  });

  it('removes a member and shows the server’s warning when they lose TLP:RED', async () => {
    const warning =
      'red-member@test.local no longer reads TLP:RED: "Red cell" was their last group cleared for it.';
    answerRpc('remove_group_member', () => ({ data: { removed: true, warning }, error: null }));
    renderSection();
    const user = userEvent.setup();
    const table = await screen.findByRole('table', { name: 'Groups' });
    await user.click(within(table).getAllByRole('button', { name: 'Members' })[1]!);
    await user.click(await screen.findByRole('button', { name: /^Remove red-member@test.local/ }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent(warning));
    expect(fakeSupabase.rpc).toHaveBeenCalledWith('remove_group_member', { _group_id: RED, _user_id: USER });
  });
});
